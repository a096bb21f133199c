import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server/platform/db/client';
import { bookings } from '../src/server/domains/booking/tables/bookings';
import { newTempCode } from '../src/server/platform/codes';
import { recordPayment } from '../src/server/domains/booking/booking-lifecycle';
import { withBooking } from '../src/server/domains/booking/booking-write';
import { utcToLocal } from '../src/shared/time';

// Bookings written straight into the database, for the tests' fixtures and the bench alike (one copy).

export type BookingInsert = typeof bookings.$inferInsert;

/** A booking with unique contact data, straight into the database: tests never share rows. */
export async function createBooking(db: Db, overrides: Partial<BookingInsert> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const players = overrides.players ?? 8;
  const pricePerPersonMinor = overrides.pricePerPersonMinor ?? 1500;
  const addOnsTotalMinor = overrides.addOnsTotalMinor ?? 0;
  const [row] = await db
    .insert(bookings)
    .values({
      initialAreaLat: 51.5074,
      initialAreaLng: -0.1278,
      initialAreaRadius: 1000,
      players,
      hosted: false,
      duration: 120,
      timezone: 'Europe/London',
      fullName: `Test Booker ${suffix}`,
      email: `booker-${suffix}@example.test`,
      city: 'London',
      planType: 'standard',
      addOns: [],
      currency: 'GBP',
      pricePerPersonMinor,
      addOnsTotalMinor,
      totalPriceMinor: pricePerPersonMinor * players + addOnsTotalMinor,
      meetingTime: { hour: 15, minute: 0 },
      date: '2030-06-15',
      utcDateTime: new Date('2030-06-15T14:00:00Z'),
      tempCode: newTempCode(),
      bookingStatus: 'enquiry',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('booking not created');
  return row;
}

/** A paid booking with its game (and code), as recording a payment makes it. */
export async function createPaidBooking(db: Db, overrides: Partial<BookingInsert> = {}, amountPence = 12_000) {
  const booking = await createBooking(db, overrides);
  const { result } = await withBooking(db, { id: booking.id }, { actor: { source: 'system', userId: null } }, (write) =>
    recordPayment(write, { paymentType: 'card', paymentAmount: amountPence, recordedBy: null }, null),
  );
  return { booking: { ...booking, bookingStatus: 'paid' }, gameId: result.gameId, gameCode: result.gameCode };
}

/**
 * A date and meeting time whose game may be started now (the start window opens 2 hours before the meeting, decision
 * 0220): the meeting `minutesAhead` from now, to the minute, in `timezone`. Spread into createBooking's overrides
 * (the tests' games and the bench's live games, which start them).
 */
export function startableSchedule(options: { now?: Date; minutesAhead?: number; timezone?: string } = {}) {
  const timezone = options.timezone ?? 'Europe/London';
  const now = options.now ?? new Date();
  const meeting = new Date(Math.floor((now.getTime() + (options.minutesAhead ?? 60) * 60_000) / 60_000) * 60_000);
  const local = utcToLocal(meeting.toISOString(), timezone);
  if (!local) throw new Error(`no local time in ${timezone}`);
  return { utcDateTime: meeting, date: local.date, meetingTime: local.time, timezone };
}
