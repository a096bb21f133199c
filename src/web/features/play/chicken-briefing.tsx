import { useQuery } from '@tanstack/react-query';
import type { PlayGameResponse } from '../../../shared/api/play';
import { chickenPointsFor } from '../../../shared/scoring/leaderboard';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { ErrorState } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { fetchChicken, huntKeys } from './hunt-api';
import { StartCountdown } from './lobby-info';

/** Where the Chicken hides: the spot the organiser or our team planned, with their notes. */
export function PlannedSpot({ spot }: { spot: { address: string; notes: string | null } | null }) {
  const t = useT('play');
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('chickenHidingSpot')}</h2>
      <p className="text-lg font-semibold" data-testid="chicken-hiding-spot">
        {spot?.address ?? t('chickenSpotNotSet')}
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
  const t = useT('play');
  const chicken = useQuery({ queryKey: huntKeys.chicken(code), queryFn: () => fetchChicken(code, token) });
  if (chicken.isPending) return <Spinner label={t('loading')} />;
  if (chicken.isError)
    return <ErrorState message={errorMessage(chicken.error, t('chickenLoadFailed'))} onRetry={() => void chicken.refetch()} retrying={chicken.isFetching} />;
  return (
    <section aria-label={t('chickenYourBriefing')} className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <p className="text-xl font-bold">{t('chickenYouAre')}</p>
      <PlannedSpot spot={chicken.data.planned_spot} />
      {info ? <StartCountdown startsAt={info.game.starts_at} timeZone={info.timezone} /> : null}
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('chickenWhatYouDo')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-slate-800" data-testid="chicken-instructions">
          <li>{t('chickenStep1')}</li>
          <li>{t('chickenStep2')}</li>
          <li>{t('chickenStep3')}</li>
          <li>{t('chickenStep4', { points: chickenPointsFor(1) })}</li>
          <li>{t('chickenStep5')}</li>
        </ol>
      </div>
    </section>
  );
}
