import type { PublicBooking } from '../../../shared/api/booking';
import { whenText, zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';

/** What a player sees of a game: when and where, and the teams. Nothing private (decision 0140). */
export function PublicGameDetails({ booking }: { booking: PublicBooking }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="public-game">
      <Row label="When">{whenText(booking)}</Row>
      <Row label="Time zone">{zoneLabel(booking.timezone)}</Row>
      <Row label="Calendar">
        <AddToCalendar code={booking.code} />
      </Row>
      <Row label="City">{booking.city}</Row>
      <Row label="Meeting point">{booking.meeting_point_address ?? 'To be confirmed: it will be shown here once it is set.'}</Row>
      <Row label="Teams">{booking.teams_list.length ? booking.teams_list.map((t) => t.name).join(', ') : 'Not set yet'}</Row>
    </dl>
  );
}
