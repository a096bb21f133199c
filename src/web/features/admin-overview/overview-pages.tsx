import { notFoundText } from '../../../shared/game/chicken';
import { adminOverviewEndpoints as ep } from '../../../shared/api/endpoints/admin-overview';
import { formatAdminTimestamp, formatGameDate } from '../../../shared/time';
import { BookingLink, GameStatusBadge, HostConsoleLink } from './booking-link';
import { OverviewList } from './overview-list';

const when = formatAdminTimestamp;

const GAME_STATUS_FILTER = [
  { value: 'not_started', label: 'Not started' },
  { value: 'lobby', label: 'Lobby' },
  { value: 'live', label: 'Live' },
  { value: 'ended', label: 'Ended' },
] as const;

export function GamesPage() {
  return (
    <OverviewList
      title="Games"
      intro="Every paid booking's game: its code, its latest instance and who is playing. Open the host console to watch or run it."
      endpoint={ep.games}
      rows={(a) => a.games}
      pagination={(a) => a.pagination}
      rowKey={(g) => g.id}
      empty="No games match: a game is created when a booking's first payment is recorded."
      filters={{ searchLabel: 'Search by code, booking name or email', statuses: GAME_STATUS_FILTER }}
      columns={[
        { header: 'Code', cell: (g) => <span className="font-mono">{g.code}</span> },
        { header: 'Booking', cell: (g) => <BookingLink id={g.booking_id} name={g.booking_name} email={g.booking_email} /> },
        { header: 'City', cell: (g) => g.city },
        { header: 'Date', cell: (g) => formatGameDate(g.date) },
        { header: 'Status', cell: (g) => <GameStatusBadge status={g.status} activated={g.activated} /> },
        { header: 'Players', cell: (g) => `${g.players_count}/${g.players}` },
        { header: 'Teams', cell: (g) => g.teams_count },
        { header: 'Started', cell: (g) => (g.started_at ? when(g.started_at) : '—') },
        { header: 'Ends', cell: (g) => (g.ends_at ? when(g.ends_at) : '—') },
        { header: 'Weapons', cell: (g) => (g.weapons_on ? 'Enabled' : 'Disabled') },
        { header: 'Console', cell: (g) => <HostConsoleLink code={g.code} /> },
      ]}
    />
  );
}

export function TeamsPage() {
  return (
    <OverviewList
      title="Teams"
      intro="The teams of every game, the newest game first and each game's teams best first: total points (challenges, Chicken and adjustments) and rank by the one scoring rule."
      endpoint={ep.teams}
      rows={(a) => a.teams}
      pagination={(a) => a.pagination}
      rowKey={(t) => t.id}
      empty="No teams match: teams appear once players join a game."
      filters={{ searchLabel: 'Search by team, game code or booking', statuses: GAME_STATUS_FILTER.filter((s) => s.value !== 'not_started') }}
      columns={[
        { header: 'Rank', cell: (t) => <span data-testid="team-rank">{t.rank}</span> },
        { header: 'Team', cell: (t) => t.name },
        { header: 'Game', cell: (t) => <HostConsoleLink code={t.game_code} label={t.game_code} /> },
        { header: 'Status', cell: (t) => <GameStatusBadge status={t.status} /> },
        { header: 'Players', cell: (t) => t.players_count },
        {
          header: 'Points',
          cell: (t) => (
            <span data-testid="team-total">
              <strong>{t.total}</strong>
              <span className="block text-xs text-slate-600">
                {t.challenge_points} challenges{t.adjustments ? ` ${t.adjustments > 0 ? '+' : '−'} ${Math.abs(t.adjustments)} adjusted` : ''}
              </span>
            </span>
          ),
        },
        { header: 'Chicken points', cell: (t) => t.chicken_points },
        { header: 'Found the Chicken', cell: (t) => (t.found_chicken_at ? when(t.found_chicken_at) : notFoundText(t.status === 'ended')) },
        { header: 'Booking', cell: (t) => <BookingLink id={t.booking_id} name={t.booking_name} email={t.booking_email} /> },
      ]}
    />
  );
}
