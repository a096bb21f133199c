import { notFoundText } from '../../../shared/game/chicken';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Heartbeat } from '../../../shared/api/admin-booking-detail';
import { formatTimestamp } from '../../../shared/time';
import { Badge, Dialog, Table, type BadgeTone } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { notifyError } from '../../lib/toast';
import { paths } from '../../lib/paths';
import { fetchHeartbeat, heartbeatQueryKey } from './detail-api';

const STATUS_TONE: Record<string, BadgeTone> = { lobby: 'blue', live: 'green', ended: 'slate' };

/** Spec section 9: the heartbeat refreshes every 60 seconds while the modal is open. */
export const HEARTBEAT_REFRESH_MS = 60_000;

export function HeartbeatModal({ bookingId, onClose }: { bookingId: number; onClose: () => void }) {
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
  useEffect(() => {
    if (failedAt) notifyError('Failed to fetch game heartbeat data');
  }, [failedAt]);

  const data = query.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Game Heartbeat" size="xl">
      {query.isPending ? (
        <Spinner />
      ) : !data || data.instances.length === 0 ? (
        <p className="text-slate-600">No heartbeat data available</p>
      ) : (
        <HeartbeatBody data={data} updatedAt={query.dataUpdatedAt} />
      )}
    </Dialog>
  );
}

function HeartbeatBody({ data, updatedAt }: { data: Heartbeat; updatedAt: number }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4 text-sm">
        <span>
          Game code: <strong className="font-mono">{data.game_code}</strong>
        </span>
        <span>
          Live instances: <strong data-testid="live-instances-count">{data.live_instances_count}</strong>
        </span>
        <span className="text-slate-500">Updated {formatTimestamp(updatedAt)}</span>
        {data.game_code ? (
          <Link to={paths.host(data.game_code)} className="text-brand-700 underline">
            Open the host console
          </Link>
        ) : null}
      </div>
      {data.instances.map((instance) => (
        <article key={instance.id} className="rounded-lg border border-slate-200 p-4" aria-label={`Instance ${instance.id}`}>
          <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
            <strong>Instance {instance.id}</strong>
            <Badge tone={STATUS_TONE[instance.status] ?? 'slate'}>{instance.status}</Badge>
            {/* A lobby instance has not started: players are joining and getting ready. */}
            {instance.status === 'lobby' ? (
              <span>
                In the lobby: {instance.players.filter((p) => p.ready).length} of {instance.players.length} players ready
              </span>
            ) : (
              <>
                <span>Started {formatTimestamp(instance.start_time)}</span>
                {instance.end_time ? <span>Ended {formatTimestamp(instance.end_time)}</span> : null}
                <span>{instance.duration} min</span>
              </>
            )}
            <span>{instance.submissions_count} submissions</span>
          </div>
          <p className="mb-3 text-sm">
            Latest submission:{' '}
            {instance.latest_submission
              ? `${instance.latest_submission.team_name}, ${formatTimestamp(instance.latest_submission.submitted_at)}, ${instance.latest_submission.status}, ${instance.latest_submission.points_awarded} points`
              : 'None yet'}
          </p>
          <p className="mb-3 text-sm">
            Latest area:{' '}
            {instance.latest_area
              ? `${instance.latest_area.lat.toFixed(5)}, ${instance.latest_area.lng.toFixed(5)} (radius ${instance.latest_area.radius} m)`
              : 'Not set'}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h3 className="mb-1 text-sm font-semibold">Teams</h3>
              {instance.teams.length ? (
                <Table look="plain">
                  <thead>
                    <tr className="text-slate-500">
                      <th className="py-1">Team</th>
                      <th>Total</th>
                      <th>Points</th>
                      <th>Chicken points</th>
                      <th>Found chicken</th>
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
                        <td>{team.found_chicken_at ? formatTimestamp(team.found_chicken_at) : notFoundText(instance.status === 'ended')}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : (
                <p className="text-sm text-slate-500">No teams</p>
              )}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Players</h3>
              {instance.players.length ? (
                <ul className="text-sm">
                  {instance.players.map((player) => (
                    <li key={player.id}>
                      {player.name} <Badge tone={player.ready ? 'green' : 'slate'}>{player.ready ? 'Ready' : 'Not ready'}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-500">No players</p>
              )}
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}
