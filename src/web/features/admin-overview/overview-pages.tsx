import { adminOverviewEndpoints as ep } from '../../../shared/api/endpoints/admin-overview';
import { formatPence } from '../../../shared/money';
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

export function PaymentsPage() {
  return (
    <OverviewList
      title="Payments"
      intro="Every payment recorded against a booking, newest first. Record a payment from the booking's page."
      endpoint={ep.payments}
      rows={(a) => a.payments}
      pagination={(a) => a.pagination}
      rowKey={(p) => p.id}
      empty="No payments recorded yet."
      summary={(a) => (
        <p className="text-sm">
          Total received: <strong>{formatPence(a.total_amount)}</strong> in {a.pagination.total} payments
        </p>
      )}
      columns={[
        { header: 'Received', cell: (p) => when(p.created_at) },
        { header: 'Booking', cell: (p) => <BookingLink id={p.booking_id} name={p.booking_name} email={p.booking_email} /> },
        { header: 'Type', cell: (p) => (p.kind === 'payment' ? p.payment_type : `${p.kind === 'void' ? 'Void' : 'Refund'} (${p.payment_type})`) },
        { header: 'Amount', cell: (p) => formatPence(p.payment_amount, p.currency) },
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

export function SubmissionsPage() {
  return (
    <OverviewList
      title="Submissions"
      intro="Challenge submissions from teams in live and past games, newest first."
      endpoint={ep.submissions}
      rows={(a) => a.submissions}
      pagination={(a) => a.pagination}
      rowKey={(s) => s.id}
      empty="No submissions yet."
      columns={[
        { header: 'Submitted', cell: (s) => when(s.submitted_at) },
        { header: 'Game', cell: (s) => <span className="font-mono">{s.game_code}</span> },
        { header: 'Team', cell: (s) => s.team_name },
        { header: 'Challenge', cell: (s) => s.challenge_name ?? '—' },
        { header: 'Status', cell: (s) => s.status },
        { header: 'Points', cell: (s) => s.points_awarded },
        { header: 'Booking', cell: (s) => <BookingLink id={s.booking_id} name={s.booking_name} email={s.booking_email} /> },
      ]}
    />
  );
}
