import { Link } from 'react-router';
import type { GameStatus } from '../../../shared/api/play';
import { paths } from '../../lib/paths';
import { Badge, type BadgeTone } from '../../components/ui';

export function BookingLink({ id, name, email }: { id: number; name: string | null; email: string }) {
  return (
    <Link to={paths.admin.booking(id)} className="text-brand-700 underline">
      {name ?? email}
    </Link>
  );
}

/** The host console of a game (staff may run any game from there). */
export function HostConsoleLink({ code, label = 'Host console' }: { code: string; label?: string }) {
  return (
    <Link to={paths.host(code)} className={`text-brand-700 underline ${label === code ? 'font-mono' : ''}`}>
      {label}
    </Link>
  );
}

const STATUS: Record<GameStatus, { tone: BadgeTone; label: string }> = {
  not_started: { tone: 'slate', label: 'Not started' },
  lobby: { tone: 'blue', label: 'Lobby' },
  live: { tone: 'green', label: 'Live' },
  ended: { tone: 'slate', label: 'Ended' },
};

/** A game's live status; before anyone joined, whether the organiser activated it. */
export function GameStatusBadge({ status, activated }: { status: GameStatus; activated?: boolean }) {
  const { tone, label } = STATUS[status];
  const text = status === 'not_started' && activated !== undefined ? (activated ? 'Activated' : 'Inactive') : label;
  return (
    <span data-testid="game-status">
      <Badge tone={status === 'not_started' && activated ? 'amber' : tone}>{text}</Badge>
    </span>
  );
}
