import { notFoundText } from '../../../shared/game/chicken';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Heartbeat } from '../../../shared/api/admin-booking-detail';
import { Badge, Dialog, Table, type BadgeTone } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { notifyError } from '../../lib/toast';
import { paths } from '../../lib/paths';
import { fetchHeartbeat, heartbeatQueryKey } from './detail-api';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

const STATUS_TONE: Record<string, BadgeTone> = { lobby: 'blue', live: 'green', ended: 'slate' };

/** An instance's and a submission's stored status in words; a status not listed is shown as stored. */
const STATUS_WORDS = {
  lobby: 'heartbeat.statusLobby',
  live: 'heartbeat.statusLive',
  ended: 'heartbeat.statusEnded',
  pending: 'heartbeat.statusPending',
  approved: 'heartbeat.statusApproved',
  rejected: 'heartbeat.statusRejected',
} as const satisfies Record<string, KeyOf<'operations'>>;
const hasWords = (status: string): status is keyof typeof STATUS_WORDS => Object.hasOwn(STATUS_WORDS, status);

/** Spec section 9: the heartbeat refreshes every 60 seconds while the modal is open. */
export const HEARTBEAT_REFRESH_MS = 60_000;

export function HeartbeatModal({ bookingId, onClose }: { bookingId: number; onClose: () => void }) {
  const t = useT('operations');
  const query = useQuery({
    queryKey: heartbeatQueryKey(bookingId),
    queryFn: () => fetchHeartbeat(bookingId),
    refetchInterval: HEARTBEAT_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  const failedText = t('heartbeat.failed');
  useEffect(() => {
    if (failedAt) notifyError(failedText);
  }, [failedAt, failedText]);

  const data = query.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('controls.heartbeat')} size="xl">
      {query.isPending ? (
        <Spinner />
      ) : !data || data.instances.length === 0 ? (
        <p className="text-slate-600">{t('heartbeat.empty')}</p>
      ) : (
        <HeartbeatBody data={data} updatedAt={query.dataUpdatedAt} />
      )}
    </Dialog>
  );
}

function HeartbeatBody({ data, updatedAt }: { data: Heartbeat; updatedAt: number }) {
  const t = useT('operations');
  const message = useMessageText();
  const { timestamp, integer } = useReaderFormat();
  const statusText = (status: string) => (hasWords(status) ? t(STATUS_WORDS[status]) : status);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4 text-sm">
        <span>
          {t('heartbeat.gameCode')} <strong className="font-mono">{data.game_code}</strong>
        </span>
        <span>
          {t('heartbeat.liveInstances')} <strong data-testid="live-instances-count">{data.live_instances_count}</strong>
        </span>
        <span className="text-slate-500">{t('heartbeat.updated', { time: timestamp(updatedAt) })}</span>
        {data.game_code ? (
          <Link to={paths.host(data.game_code)} className="text-brand-700 underline">
            {t('heartbeat.openConsole')}
          </Link>
        ) : null}
      </div>
      {data.instances.map((instance) => (
        <article key={instance.id} className="rounded-lg border border-slate-200 p-4" aria-label={t('heartbeat.instance', { id: instance.id })}>
          <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
            <strong>{t('heartbeat.instance', { id: instance.id })}</strong>
            <Badge tone={STATUS_TONE[instance.status] ?? 'slate'}>{statusText(instance.status)}</Badge>
            {/* A lobby instance has not started: players are joining and getting ready. */}
            {instance.status === 'lobby' ? (
              <span>{t('heartbeat.lobby', { ready: instance.players.filter((p) => p.ready).length, total: instance.players.length })}</span>
            ) : (
              <>
                <span>{t('heartbeat.started', { time: timestamp(instance.start_time) })}</span>
                {instance.end_time ? <span>{t('heartbeat.ended', { time: timestamp(instance.end_time) })}</span> : null}
                <span>{t('heartbeat.minutes', { minutes: instance.duration })}</span>
              </>
            )}
            <span>{t('heartbeat.submissions', { count: instance.submissions_count })}</span>
          </div>
          <p className="mb-3 text-sm">
            {t('heartbeat.latestSubmission')}{' '}
            {instance.latest_submission
              ? t('heartbeat.submission', {
                  team: instance.latest_submission.team_name,
                  time: timestamp(instance.latest_submission.submitted_at),
                  status: statusText(instance.latest_submission.status),
                  points: instance.latest_submission.points_awarded,
                })
              : t('heartbeat.noneYet')}
          </p>
          <p className="mb-3 text-sm">
            {t('heartbeat.latestArea')}{' '}
            {instance.latest_area
              ? t('heartbeat.area', {
                  // Coordinates keep their dot in every language: they are pasted into maps as they are.
                  lat: instance.latest_area.lat.toFixed(5),
                  lng: instance.latest_area.lng.toFixed(5),
                  radius: integer(instance.latest_area.radius),
                })
              : t('heartbeat.notSet')}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h3 className="mb-1 text-sm font-semibold">{t('heartbeat.teams')}</h3>
              {instance.teams.length ? (
                <Table look="plain">
                  <thead>
                    <tr className="text-slate-500">
                      <th className="py-1">{t('heartbeat.colTeam')}</th>
                      <th>{t('heartbeat.colTotal')}</th>
                      <th>{t('heartbeat.colPoints')}</th>
                      <th>{t('heartbeat.colChickenPoints')}</th>
                      <th>{t('heartbeat.colFoundChicken')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {/* Ranked by the server with the one leaderboard rule (decision 0240); Points is the spec's
                        challenge points plus staff adjustments. */}
                    {instance.teams.map((team) => (
                      <tr key={team.id} className="border-t border-slate-100" data-testid="heartbeat-team" data-name={team.name} data-rank={team.rank}>
                        <td className="py-1">
                          {team.rank}. {team.name}
                        </td>
                        <td className="font-semibold">{team.total}</td>
                        <td>{team.points}</td>
                        <td>{team.chicken_points}</td>
                        <td>{team.found_chicken_at ? timestamp(team.found_chicken_at) : message(notFoundText(instance.status === 'ended'))}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : (
                <p className="text-sm text-slate-500">{t('heartbeat.noTeams')}</p>
              )}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">{t('heartbeat.players')}</h3>
              {instance.players.length ? (
                <ul className="text-sm">
                  {instance.players.map((player) => (
                    <li key={player.id}>
                      {player.name} <Badge tone={player.ready ? 'green' : 'slate'}>{player.ready ? t('heartbeat.ready') : t('heartbeat.notReady')}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-500">{t('heartbeat.noPlayers')}</p>
              )}
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}
