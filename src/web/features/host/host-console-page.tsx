import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleResponse } from '../../../shared/api/host';
import { formatTimestamp } from '../../../shared/time';
import { applyConsoleEvent } from '../../lib/live-game-events';
import { useLiveGame } from '../../lib/use-live-game';
import { ConnectionStatus } from '../../components/connection-status';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { TeamsTable } from '../../components/live-map/teams-table';
import { Spinner } from '../../components/spinner';
import { Badge, Section } from '../../components/ui';
import { HostLoadError } from './host-access';
import { consoleStreamUrl, fetchConsole, hostKeys } from './host-api';
import { HostGameControls } from './host-game-controls';
import { MessagesPanel } from './messages-panel';
import { PlayersTable } from './players-table';
import { ReviewPanel } from './review-panel';
import { reviewKeys } from './review-api';
import { HostFrame, statusTone } from './host-ui';
import { HuntSection, stationMarkers, useHuntConsole } from './hunt-section';

/** /host/{code}: the host console (decision 0230): the live map, players, teams, start, end and resume, messages. */
export function HostConsolePage() {
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const live = useLiveGame({
    queryKey: hostKeys.console(code),
    fetchSnapshot: (signal) => fetchConsole(code, signal),
    streamUrl: consoleStreamUrl(code),
    apply: applyConsoleEvent,
    // A new submission or a verdict (from here, another host or staff) refreshes the review queue.
    onEvent: (event) => {
      if (event.event === 'submission') void queryClient.invalidateQueries({ queryKey: reviewKeys.list(code) });
    },
  });

  if (live.isPending)
    return (
      <HostFrame title={`Game ${code}`}>
        <Spinner />
      </HostFrame>
    );
  if (live.isError || !live.data) {
    return (
      <HostFrame title={`Game ${code}`}>
        <HostLoadError error={live.error} onRetry={() => void live.refetch()} retrying={live.isFetching} />
      </HostFrame>
    );
  }
  return <Console code={code} snapshot={live.data} connection={<ConnectionStatus state={live.connection} />} />;
}

function Console({ code, snapshot, connection }: { code: string; snapshot: ConsoleResponse; connection: React.ReactNode }) {
  const now = useNow();
  const { game, booking } = snapshot;
  const left = game.status === 'live' ? timeLeftText(game.ends_at, now) : null;
  const hunt = useHuntConsole(code, `${game.status}:${game.area.radius}:${snapshot.teams.map((t) => t.chicken_points).join(',')}`);
  return (
    <HostFrame
      title={
        <>
          Game <span className="font-mono">{game.code}</span>
          <Badge tone={statusTone(game.status)}>
            <span data-testid="game-status">{game.status.replace('_', ' ')}</span>
          </Badge>
          {left ? (
            <span className="font-mono text-lg" data-testid="time-left">
              ⏱ {left}
            </span>
          ) : null}
        </>
      }
      actions={
        <div className="flex items-center gap-3">
          {connection}
          <HostGameControls code={code} snapshot={snapshot} />
        </div>
      }
    >
      <p className="text-sm text-slate-700">
        {booking.name ?? 'Unnamed booking'} · {booking.players} players booked · {booking.duration} min
        {booking.starts_at ? ` · starts ${formatTimestamp(booking.starts_at)}` : ''}
        {booking.meeting_point ? ` · meet at ${booking.meeting_point}` : ''}
        {booking.phone ? ` · organiser ${booking.phone}` : ''}
      </p>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <LazyLiveMap
          area={game.area}
          teams={snapshot.teams}
          players={snapshot.players}
          bookedArea={hunt?.booked_area ?? null}
          stations={stationMarkers(hunt)}
          hidingSpot={hunt?.hiding_spot ?? null}
          className="h-[60vh] w-full"
        />
        <MessagesPanel code={code} messages={snapshot.messages} disabled={game.status === 'ended'} />
      </div>
      <HuntSection code={code} hunt={hunt} />
      <Section id="teams" title="Teams">
        <TeamsTable teams={snapshot.teams} />
      </Section>
      <Section id="submissions" title="Submissions to review">
        <ReviewPanel code={code} />
      </Section>
      <Section id="players" title={`Players (${snapshot.players.length})`}>
        <PlayersTable players={snapshot.players} teams={snapshot.teams} now={now} />
      </Section>
    </HostFrame>
  );
}
