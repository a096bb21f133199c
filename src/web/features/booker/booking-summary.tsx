import type { BookerBooking } from '../../../shared/api/booking';
import { priceBreakdown } from '../../../shared/price-breakdown';
import { addOnNames, planName, whenText, zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';

/** What was booked and what it costs, as the booker sees it on both pages. */
export function BookingSummary({ booking }: { booking: BookerBooking }) {
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
      {/* The one breakdown (shared/price-breakdown.ts): per person × players, add-ons, the discount with its code, total. */}
      {priceBreakdown(booking).map((line) => (
        <Row key={line.kind} label={line.label}>
          <span data-testid={line.kind === 'total' ? 'total-price' : `price-${line.kind}`}>{line.text}</span>
        </Row>
      ))}
    </dl>
  );
}
