// What the commerce, proposals and identity domains read of a booking (issue 21: only the booking domain queries its tables).
import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { bookings } from './tables/bookings';

const factColumns = {
  id: bookings.id,
  fullName: bookings.fullName,
  email: bookings.email,
  city: bookings.city,
  date: bookings.date,
  timezone: bookings.timezone,
  currency: bookings.currency,
  totalPriceMinor: bookings.totalPriceMinor,
  tempCode: bookings.tempCode,
  manageKey: bookings.manageKey,
  bookingStatus: bookings.bookingStatus,
  leadStatus: bookings.leadStatus,
  language: bookings.language,
};
/** One booking as another domain reads it: who booked, where and when, its price and its state. */
export type BookingFacts = Pick<typeof bookings.$inferSelect, keyof typeof factColumns>;

/** One booking by id (staff's side) or by its management key (the booker's link); undefined when there is none. */
export async function findBookingFacts(db: DbOrTx, by: { id: number } | { manageKey: string }): Promise<BookingFacts | undefined> {
  const where = 'id' in by ? eq(bookings.id, by.id) : eq(bookings.manageKey, by.manageKey);
  const [row] = await db.select(factColumns).from(bookings).where(where).limit(1);
  return row;
}

/**
 * The booking as another domain's list shows it beside its own rows: joined in that list's one statement (so its
 * filters, sorting, paging and CSV stay one query), read-only, and only these columns. PostgreSQL flattens the
 * subquery into a plain join. Join it on `listedBooking.id`.
 */
export const listedBooking = new QueryBuilder()
  .select({
    id: bookings.id,
    fullName: bookings.fullName,
    email: bookings.email,
    tempCode: bookings.tempCode,
    bookingStatus: bookings.bookingStatus,
    leadStatus: bookings.leadStatus,
    currency: bookings.currency,
    timezone: bookings.timezone,
  })
  .from(bookings)
  .as('listed_booking');

/** The bookings table's part of the health probe, a scalar subquery for the probe's one statement: fails once the table is gone. */
export function bookingsProbe(): SQL {
  return sql`(select 1 from ${bookings} limit 1)`;
}
