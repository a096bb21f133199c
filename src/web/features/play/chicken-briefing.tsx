import { useQuery } from '@tanstack/react-query';
import type { PlayGameResponse } from '../../../shared/api/play';
import { chickenPointsFor } from '../../../shared/scoring/leaderboard';
import { errorMessage } from '../../lib/api-client';
import { ErrorState } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { fetchChicken, huntKeys } from './hunt-api';
import { StartCountdown } from './lobby-info';

/** Where the Chicken hides: the spot the organiser or our team planned, with their notes. */
export function PlannedSpot({ spot }: { spot: { address: string; notes: string | null } | null }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your hiding spot</h2>
      <p className="text-lg font-semibold" data-testid="chicken-hiding-spot">
        {spot?.address ?? 'Not set yet: pick a place inside the game area, near its centre.'}
      </p>
      {spot?.notes ? <p className="text-sm text-slate-700">{spot.notes}</p> : null}
    </div>
  );
}

/**
 * The Chicken's lobby (decision 0230): its hiding spot, when the hunt starts, and what the Chicken does, written for
 * the Chicken (it has no team and does not go to the meeting point).
 */
export function ChickenBriefing({ code, token, info }: { code: string; token: string; info: PlayGameResponse | undefined }) {
  const chicken = useQuery({ queryKey: huntKeys.chicken(code), queryFn: () => fetchChicken(code, token) });
  if (chicken.isPending) return <Spinner />;
  if (chicken.isError)
    return (
      <ErrorState
        message={errorMessage(chicken.error, 'Failed to load your Chicken screen.')}
        onRetry={() => void chicken.refetch()}
        retrying={chicken.isFetching}
      />
    );
  return (
    <section aria-label="Your briefing" className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <p className="text-xl font-bold">You are the Chicken 🐔</p>
      <PlannedSpot spot={chicken.data.planned_spot} />
      {info ? <StartCountdown startsAt={info.game.starts_at} timeZone={info.timezone} /> : null}
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">What you do</h2>
        <ol className="list-decimal space-y-1 pl-5 text-slate-800" data-testid="chicken-instructions">
          <li>Go to your hiding spot before the start. Keep it to yourself.</li>
          <li>Keep this page open with your location on: only the host sees where you are, never the teams.</li>
          <li>When the game starts, press “Hide here” at your spot.</li>
          <li>A team that finds you asks for your found-code: show them your screen (the code or its QR). The first team gets {chickenPointsFor(1)} points.</li>
          <li>Stay hidden until the game ends.</li>
        </ol>
      </div>
    </section>
  );
}
