import type { BookerBooking } from '../../../shared/api/booking';
import { applyConsoleEvent } from '../../lib/live-game-events';
import { useLiveGame } from '../../lib/use-live-game';
import { ConnectionStatus } from '../../components/connection-status';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { TeamsTable } from '../../components/live-map/teams-table';
import { Badge, Section } from '../../components/ui';
import { fetchLiveGame, liveGameKey, liveStreamUrl, organiserHeaders } from './booker-api';

/**
 * The organiser's game once it is live (decision 0234): the map with every team and the Chicken, and the teams'
 * points, read-only and kept current by the stream. Before the start it says where the map will appear.
 */
export function LiveGameSection({ booking }: { booking: BookerBooking }) {
  const live = useLiveGame({
    queryKey: liveGameKey(booking.code),
    fetchSnapshot: (signal) => fetchLiveGame(booking, signal),
    streamUrl: liveStreamUrl(booking),
    headers: () => organiserHeaders(booking),
    apply: applyConsoleEvent,
  });
  const now = useNow();
  const snapshot = live.data;
  const status = snapshot?.game.status;
  if (!snapshot || (status !== 'live' && status !== 'ended')) {
    return (
      <Section look="page" id="live" title="Live game">
        <p className="text-slate-700" data-testid="live-placeholder">
          {snapshot ? `${snapshot.players.length} players have joined so far. ` : ''}The live map with every team shows here once the game starts.
        </p>
      </Section>
    );
  }
  const left = status === 'live' ? timeLeftText(snapshot.game.ends_at, now) : null;
  return (
    <Section
      look="page"
      id="live"
      title="Live game"
      actions={
        <span className="flex items-center gap-2">
          <Badge tone={status === 'live' ? 'green' : 'slate'}>{status === 'live' ? 'Live' : 'Ended'}</Badge>
          {left ? <span className="font-mono text-sm">⏱ {left}</span> : null}
          {status === 'live' ? <ConnectionStatus state={live.connection} /> : null}
        </span>
      }
    >
      <div className="space-y-4">
        <LazyLiveMap area={snapshot.game.area} teamIds={snapshot.teams.map((t) => t.id)} players={snapshot.players} />
        <TeamsTable teams={snapshot.teams} />
      </div>
    </Section>
  );
}
