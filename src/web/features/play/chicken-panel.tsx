import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { Button, ErrorState } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { fetchChicken, hideHere, huntKeys } from './hunt-api';
import { PlannedSpot } from './chicken-briefing';

/**
 * The Chicken's screen (decision 0280): the found-code teams type, and a QR of a link that carries it (a team's phone
 * camera opens the claim with the code filled in); hiding where the phone is; who found the Chicken so far.
 */
export function ChickenPanel({ code, token, hasPosition }: { code: string; token: string; hasPosition: boolean }) {
  const t = useT('play');
  const { clock, integer } = useReaderFormat();
  const queryClient = useQueryClient();
  const chicken = useQuery({ queryKey: huntKeys.chicken(code), queryFn: () => fetchChicken(code, token) });
  // The answer is the new hiding spot: it goes into the screen's data, no other read.
  const hide = useAction({
    call: () => hideHere(code, token),
    success: t('hidingSaved'),
    failure: t('hidingFailed'),
    failureToast: 'server',
    onSuccess: ({ hiding_spot }) => queryClient.setQueryData(huntKeys.chicken(code), (old: typeof chicken.data) => (old ? { ...old, hiding_spot } : old)),
  });
  if (chicken.isPending) return <Spinner label={t('loading')} />;
  if (chicken.isError)
    return <ErrorState message={errorMessage(chicken.error, t('chickenLoadFailed'))} onRetry={() => void chicken.refetch()} retrying={chicken.isFetching} />;
  const data = chicken.data;
  const link = `${window.location.origin}${data.found_path}`;
  return (
    <section aria-label={t('foundCodeLabel')} className="space-y-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <PlannedSpot spot={data.planned_spot} />
      <h2 className="font-semibold">{t('foundCode')}</h2>
      <p className="text-sm text-slate-700">{t('foundCodeHelp')}</p>
      <p className="text-center font-mono text-4xl font-bold tracking-[0.3em]" data-testid="found-code">
        {data.found_code}
      </p>
      <div className="flex justify-center rounded-lg bg-white p-3">
        <QRCodeSVG value={link} size={180} marginSize={2} title={t('foundCodeQr', { code: data.found_code })} />
      </div>
      <div className="space-y-2">
        <p className="text-sm" data-testid="hiding-status">
          {data.hiding_spot ? t('hiddenSince', { time: clock(data.hiding_spot.at) }) : t('notHiddenYet')}{' '}
          {t('hideWithin', { metres: integer(data.final_area.radius) })}
        </p>
        <Button
          variant="primary"
          size="lg"
          className="w-full"
          disabled={hide.isPending || !hasPosition}
          disabledReason={hasPosition ? null : t('waitingForYourLocation')}
          onClick={() => void hide.run()}
        >
          {data.hiding_spot ? t('hideHereInstead') : t('hideHere')}
        </Button>
      </div>
      <div>
        <h3 className="font-semibold">{t('foundBy')}</h3>
        {data.finds.length ? (
          <ol className="list-decimal pl-5" data-testid="chicken-finds">
            {data.finds.map((f) => (
              <li key={f.team_id}>{t('foundByTeam', { team: f.team_name, time: clock(f.at), points: f.chicken_points })}</li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">{t('nobodyYet')}</p>
        )}
      </div>
    </section>
  );
}
