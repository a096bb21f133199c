import type { BookerBooking } from '../../../shared/api/booking';
import { addOnNames, money, planName, whenText, zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';

/** What was booked and what it costs, as the booker sees it on both pages. */
export function BookingSummary({ booking }: { booking: BookerBooking }) {
  const c = booking.currency;
  return (
    <dl className="divide-y divide-slate-100" data-testid="booking-summary">
      <Row label="When">{whenText(booking)}</Row>
      <Row label="Time zone">{zoneLabel(booking.timezone)}</Row>
      <Row label="Calendar">
        <AddToCalendar code={booking.code} />
      </Row>
      <Row label="City">{booking.city}</Row>
      <Row label="Players">{booking.players}</Row>
      <Row label="Game type">{planName(booking.plan_type)}</Row>
      <Row label="Add-ons">{addOnNames(booking.add_ons)}</Row>
      <Row label="Price">
        {money(booking.price_per_person, c)} per person × {booking.players}
        {booking.add_ons_total > 0 ? ` + ${money(booking.add_ons_total, c)} add-ons` : ''}
      </Row>
      <Row label="Total">
        <span data-testid="total-price">{money(booking.total_price, c)}</span>
      </Row>
    </dl>
  );
}
