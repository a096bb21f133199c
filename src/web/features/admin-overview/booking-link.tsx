import { Link } from 'react-router';
import type { GameStatus } from '../../../shared/api/play';
import { paths } from '../../lib/paths';
import { Badge, type BadgeTone } from '../../components/ui';
import { useT } from '../../lib/i18n';

export function BookingLink({ id, name, email }: { id: number; name: string | null; email: string }) {
  return (
    <Link to={paths.admin.booking(id)} className="text-brand-700 underline">
      {name ?? email}
    </Link>
  );
}

/** The host console of a game (staff may run any game from there). */
export function HostConsoleLink({ code, label }: { code: string; label?: string }) {
  const t = useT('admin');
  return (
    <Link to={paths.host(code)} className={`text-brand-700 underline ${label === code ? 'font-mono' : ''}`}>
      {label ?? t('overview.hostConsole')}
    </Link>
  );
}

export const GAME_STATUS = {
  not_started: { tone: 'slate', label: 'overview.notStarted' },
  lobby: { tone: 'blue', label: 'overview.lobby' },
  live: { tone: 'green', label: 'overview.live' },
  ended: { tone: 'slate', label: 'overview.ended' },
} as const satisfies Record<GameStatus, { tone: BadgeTone; label: string }>;

/** A game's live status; before anyone joined, whether the organiser activated it. */
export function GameStatusBadge({ status, activated }: { status: GameStatus; activated?: boolean }) {
  const t = useT('admin');
  const { tone, label } = GAME_STATUS[status];
  const text = status === 'not_started' && activated !== undefined ? (activated ? t('overview.activated') : t('overview.inactive')) : t(label);
  return (
    <span data-testid="game-status">
      <Badge tone={status === 'not_started' && activated ? 'amber' : tone}>{text}</Badge>
    </span>
  );
}
