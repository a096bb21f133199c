import { adminOverviewEndpoints as ep } from '../../../shared/api/endpoints/admin-overview';
import { formatTimestamp } from '../../../shared/time';
import { BookingLink } from './booking-link';
import { OverviewList } from './overview-list';

const when = (iso: string) => formatTimestamp(iso, 'Europe/London');

export function GamesPage() {
  return (
    <OverviewList
      title="Games"
      intro="Every paid booking's game and its code. Open the booking to start a game, watch it or change weapons."
      endpoint={ep.games}
      rows={(a) => a.games}
      pagination={(a) => a.pagination}
      rowKey={(g) => g.id}
      empty="No games yet: a game is created when a booking's first payment is recorded."
      columns={[
        { header: 'Code', cell: (g) => <span className="font-mono">{g.code}</span> },
        { header: 'Booking', cell: (g) => <BookingLink id={g.booking_id} name={g.booking_name} email={g.booking_email} /> },
        { header: 'City', cell: (g) => g.city },
        { header: 'Date', cell: (g) => g.date },
        { header: 'Players', cell: (g) => g.players },
        { header: 'Status', cell: (g) => (g.status === 'not_started' ? (g.activated ? 'Activated' : 'Inactive') : g.status) },
        { header: 'Weapons', cell: (g) => (g.weapons_on ? 'Enabled' : 'Disabled') },
      ]}
    />
  );
}

export function TeamsPage() {
  return (
    <OverviewList
      title="Teams"
      intro="Teams that bookers set up for their games, with their players."
      endpoint={ep.teams}
      rows={(a) => a.teams}
      pagination={(a) => a.pagination}
      rowKey={(t) => t.id}
      empty="No teams yet."
      columns={[
        { header: 'Team', cell: (t) => t.name },
        { header: 'Game', cell: (t) => <span className="font-mono">{t.game_code}</span> },
        { header: 'Status', cell: (t) => t.status },
        { header: 'Players', cell: (t) => t.players_count },
        { header: 'Points', cell: (t) => t.points },
        { header: 'Booking', cell: (t) => <BookingLink id={t.booking_id} name={t.booking_name} email={t.booking_email} /> },
        { header: 'Added', cell: (t) => when(t.created_at) },
      ]}
    />
  );
}
