import type { bookings } from './tables/bookings';

/**
 * A booking's row, and the columns a write may change (the version and updatedAt are the write path's own,
 * booking-write.ts). Types of the table alone, so the record, the contact mapping and the write path all name them
 * without importing each other.
 */
export type BookingRow = typeof bookings.$inferSelect;
export type BookingValues = Omit<Partial<typeof bookings.$inferInsert>, 'id' | 'version' | 'updatedAt'>;
