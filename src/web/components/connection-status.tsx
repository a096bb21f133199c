import type { StreamState } from '../lib/event-stream';
import { useT } from '../lib/i18n';

/**
 * The live connection's state, visible: a phone that dropped its connection says "Reconnecting…" until the stream
 * is back (and the game caught up), instead of silently showing a map that stopped moving. It says the connection
 * only, never "Live": beside a game that is over or not started that read as the game's state (issue 28). Whether
 * the game is live is said by the game state (shared/lifecycle/game-states.ts) on each screen.
 */
export function ConnectionStatus({ state }: { state: StreamState }) {
  const t = useT('common');
  if (state === 'open') {
    return (
      <span data-testid="connection-status" data-state={state} className="inline-flex items-center gap-1.5 text-xs font-medium text-green-800">
        <span className="h-2 w-2 rounded-full bg-green-600" aria-hidden="true" /> {t('connected')}
      </span>
    );
  }
  const text = state === 'connecting' ? t('connecting') : state === 'reconnecting' ? t('reconnecting') : t('disconnected');
  return (
    <span
      role="status"
      data-testid="connection-status"
      data-state={state}
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
    >
      <span className="h-2 w-2 animate-pulse rounded-full bg-amber-600" aria-hidden="true" /> {text}
    </span>
  );
}
