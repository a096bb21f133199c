import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Button, ErrorState } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { clock, fetchChicken, hideHere, huntKeys } from './hunt-api';
import { PlannedSpot } from './chicken-briefing';

/**
 * The Chicken's screen (decision 0280): the found-code teams type, and a QR of a link that carries it (a team's phone
 * camera opens the claim with the code filled in); hiding where the phone is; who found the Chicken so far.
 */
export function ChickenPanel({ code, token, hasPosition }: { code: string; token: string; hasPosition: boolean }) {
  const queryClient = useQueryClient();
  const chicken = useQuery({ queryKey: huntKeys.chicken(code), queryFn: () => fetchChicken(code, token) });
  // The answer is the new hiding spot: it goes into the screen's data, no other read.
  const hide = useAction({
    call: () => hideHere(code, token),
    success: 'Hiding spot saved',
    failure: 'Failed to save the hiding spot',
    failureToast: 'server',
    onSuccess: ({ hiding_spot }) => queryClient.setQueryData(huntKeys.chicken(code), (old: typeof chicken.data) => (old ? { ...old, hiding_spot } : old)),
  });
  if (chicken.isPending) return <Spinner />;
  if (chicken.isError)
    return (
      <ErrorState
        message={errorMessage(chicken.error, 'Failed to load your Chicken screen.')}
        onRetry={() => void chicken.refetch()}
        retrying={chicken.isFetching}
      />
    );
  const data = chicken.data;
  const link = `${window.location.origin}${data.found_path}`;
  return (
    <section aria-label="Your found-code" className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <PlannedSpot spot={data.planned_spot} />
      <h2 className="font-semibold">Found-code</h2>
      <p className="text-sm text-slate-700">A team that finds you types this code, or scans the QR with a phone camera.</p>
      <p className="text-center font-mono text-4xl font-bold tracking-[0.3em]" data-testid="found-code">
        {data.found_code}
      </p>
      <div className="flex justify-center rounded-lg bg-white p-3">
        <QRCodeSVG value={link} size={180} marginSize={2} title={`QR code of the found-code ${data.found_code}`} />
      </div>
      <div className="space-y-2">
        <p className="text-sm" data-testid="hiding-status">
          {data.hiding_spot ? `Hidden since ${clock(data.hiding_spot.at)}.` : 'You have not hidden yet.'} Hide within {data.final_area.radius} m of the centre:
          the area shrinks to that.
        </p>
        <Button
          variant="primary"
          size="lg"
          className="w-full"
          disabled={hide.isPending || !hasPosition}
          disabledReason={hasPosition ? null : 'Waiting for your location'}
          onClick={() => void hide.run()}
        >
          {data.hiding_spot ? 'Hide here instead' : 'Hide here'}
        </Button>
      </div>
      <div>
        <h3 className="font-semibold">Found by</h3>
        {data.finds.length ? (
          <ol className="list-decimal pl-5" data-testid="chicken-finds">
            {data.finds.map((f) => (
              <li key={f.team_id}>
                {f.team_name} at {clock(f.at)} (+{f.chicken_points})
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">Nobody yet.</p>
        )}
      </div>
    </section>
  );
}
