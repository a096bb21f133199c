import { bigint, boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact booking counts without counting a million rows (docs/decisions/0150-booking-metrics.md).
 * Database triggers on `bookings` and `games` (migration 0002) append a signed delta per key to
 * `booking_count_deltas` in the same transaction as the change, whatever code made it; readers add
 * `booking_counts` and the deltas in one statement, and fold the deltas in from time to time.
 * The key holds every booking attribute a count of the workspace needs.
 */
const keyColumns = () => ({
  bookingStatus: text('booking_status').notNull(),
  leadStatus: text('lead_status').notNull(),
  /** Meeting point or hiding spot not confirmed (the "need venues" test, for any status). */
  needsVenue: boolean('needs_venue').notNull(),
  /** Hosted with no host assigned (the "need hosts" test, for any status). */
  needsHost: boolean('needs_host').notNull(),
  /** Its game is activated. */
  activated: boolean('activated').notNull(),
});

export const bookingCounts = pgTable('booking_counts', { ...keyColumns(), n: bigint('n', { mode: 'number' }).notNull() }, (t) => [
  primaryKey({ columns: [t.bookingStatus, t.leadStatus, t.needsVenue, t.needsHost, t.activated] }),
]);

/** Append-only (no index, no row shared between writers), so concurrent bookings never wait on a counter row. */
export const bookingCountDeltas = pgTable('booking_count_deltas', { ...keyColumns(), n: bigint('n', { mode: 'number' }).notNull() });
