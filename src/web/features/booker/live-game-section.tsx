import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { applyConsoleEvent } from '../../lib/live-game-events';
import { useLiveGame } from '../../lib/use-live-game';
import { ConnectionStatus } from '../../components/connection-status';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { TeamsTable } from '../../components/live-map/teams-table';
import { Badge } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useT } from '../../lib/i18n';
import { fetchLiveGame, liveGameKey, liveStreamUrl, organiserHeaders } from './booker-api';

/** The opt-in lasts for this tab only: a page opened later (perhaps on the phone the organiser plays on) starts hidden. */
const storageKey = (code: string) => `hatch:organiser-sees-chicken:${code.toUpperCase()}`;
function readChoice(code: string): boolean {
  try {
    return window.sessionStorage.getItem(storageKey(code)) === 'show';
  } catch {
    return false;
  }
}
function storeChoice(code: string, show: boolean): void {
  try {
    if (show) window.sessionStorage.setItem(storageKey(code), 'show');
    else window.sessionStorage.removeItem(storageKey(code));
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
}

/**
 * The organiser's game once it is live (decision 0230): the map with every team, and the teams' points, read-only and
 * kept current by the stream. The Chicken shows on it only when the organiser opts in (the server sends its position
 * only then, decision 0280): the organiser often plays. Before the start it says where the map will appear.
 */
export function LiveGameSection({ booking }: { booking: BookerBooking }) {
  const [showChicken, setShowChicken] = useState(() => readChoice(booking.code));
  const t = useT('booker');
  const live = useLiveGame({
    queryKey: liveGameKey(booking.code, showChicken),
    fetchSnapshot: (signal) => fetchLiveGame(booking, showChicken, signal),
    streamUrl: liveStreamUrl(booking, showChicken),
    headers: () => organiserHeaders(booking),
    apply: applyConsoleEvent,
  });
  const now = useNow();
  const snapshot = live.data;
  const status = snapshot?.game.status;
  if (!snapshot || (status !== 'live' && status !== 'ended')) {
    return (
      <PageSection id="live" title={t('liveGame')}>
        <p className="text-slate-700" data-testid="live-placeholder">
          {snapshot ? t('playersJoinedMap', { count: String(snapshot.players.length) }) : t('liveMapLater')}
        </p>
      </PageSection>
    );
  }
  const left = status === 'live' ? timeLeftText(snapshot.game.ends_at, now) : null;
  return (
    <PageSection
      id="live"
      title={t('liveGame')}
      actions={
        <span className="flex items-center gap-2">
          <Badge tone={status === 'live' ? 'green' : 'slate'}>{status === 'live' ? t('live') : t('ended')}</Badge>
          {left ? <span className="font-mono text-sm">⏱ {left}</span> : null}
          {status === 'live' ? <ConnectionStatus state={live.connection} /> : null}
        </span>
      }
    >
      <div className="space-y-4">
        <ChickenOptIn
          checked={showChicken}
          onChange={(show) => {
            storeChoice(booking.code, show);
            setShowChicken(show);
          }}
        />
        <LazyLiveMap area={snapshot.game.area} teams={snapshot.teams} players={snapshot.players} />
        <TeamsTable teams={snapshot.teams} gameOver={status === 'ended'} />
      </div>
    </PageSection>
  );
}

function ChickenOptIn({ checked, onChange }: { checked: boolean; onChange: (show: boolean) => void }) {
  const t = useT('booker');
  return (
    <div className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2">
      <label className="flex min-h-9 items-center gap-2 font-medium text-slate-900">
        <input type="checkbox" className="size-5 accent-amber-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {t('showChicken')}
      </label>
      <p className="text-sm text-amber-950" data-testid="chicken-opt-in-warning">
        {checked ? t('chickenShown') : t('chickenHidden')}
      </p>
    </div>
  );
}
