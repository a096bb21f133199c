import type { DbOrTx } from '../../platform/db/client';
import { recordEvent, type OutboxEvent } from '../../platform/event-outbox';
import { minorToUnits } from '../../../shared/money';
import { bookingSubject, type OutsideEventType } from '../../../shared/integrations/events';
import type { BookingRow } from './booking-row';

/** What an outside system hears of a booking in each event: small and versioned (decision 0560). */
export function bookingEventData(row: BookingRow): Record<string, unknown> {
  return {
    version: 1,
    booking: {
      id: row.id,
      booking_status: row.bookingStatus,
      lead_status: row.leadStatus,
      plan_type: row.planType,
      players: row.players,
      date: row.date,
      timezone: row.timezone,
      currency: row.currency,
      total_price: minorToUnits(row.totalPriceMinor),
    },
  };
}

/**
 * The outside events one booking write makes true (decision 0560), worked out from the row before and after and the
 * write's audit action: a payment that makes it paid, a cancellation, a refund, a game started or ended, else a
 * change. Recorded in the write's transaction (one insert each); delivered by the integrations domain's job after the
 * commit. The booking's row lock orders them per booking.
 */
export async function recordBookingEvents(tx: DbOrTx, before: BookingRow, after: BookingRow, action: string | null, entityId: unknown): Promise<void> {
  const types: OutsideEventType[] = [];
  const extra: Record<string, unknown> = {};
  if (action === 'game.start') types.push('game.started');
  else if (action === 'game.end') types.push('game.ended');
  if (action === 'game.start' || action === 'game.end') extra.game_id = entityId;
  if (action === 'payment.refund') types.push('booking.refunded');
  if (before.bookingStatus !== 'paid' && after.bookingStatus === 'paid' && action !== 'game.resume') types.push('booking.paid');
  if (before.bookingStatus !== 'cancelled' && after.bookingStatus === 'cancelled') types.push('booking.cancelled');
  if (!types.length) types.push('booking.changed');
  const data = { ...bookingEventData(after), ...extra };
  for (const type of types) await recordEvent(tx, { type, subject: bookingSubject(after.id), data });
}

/** What outside systems hear of a new booking (the wizard's and staff's alike), recorded in the transaction that inserts it. */
export function bookingCreatedEvent(row: BookingRow): OutboxEvent {
  return { type: 'booking.created', subject: bookingSubject(row.id), data: bookingEventData(row) };
}
