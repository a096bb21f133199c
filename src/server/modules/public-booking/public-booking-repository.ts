import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { bookingChanges, bookings, pricingHistory, type StoredAddOn } from '../../db/schema/bookings';
import { games } from '../../db/schema/games';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingUpdate = Partial<typeof bookings.$inferInsert>;

/** The booking row, locked until the transaction ends so two edits never interleave. */
export async function lockBooking(tx: Tx, id: number): Promise<BookingRow | undefined> {
  const rows = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return rows[0];
}

export async function gameCodeOf(db: DbOrTx, bookingId: number): Promise<string | null> {
  const rows = await db.select({ code: games.code }).from(games).where(eq(games.bookingId, bookingId)).limit(1);
  return rows[0]?.code ?? null;
}

export async function updateBooking(tx: Tx, id: number, values: BookingUpdate): Promise<void> {
  await tx.update(bookings).set(values).where(eq(bookings.id, id));
}

export async function insertBookingChange(tx: Tx, bookingId: number, source: string, fields: Record<string, unknown>): Promise<void> {
  await tx.insert(bookingChanges).values({ bookingId, source, fields });
}

export async function insertPricingHistory(
  tx: Tx,
  entry: { bookingId: number; planType: string; pricePerPerson: number; addOns: StoredAddOn[]; players: number; totalPrice: number },
): Promise<void> {
  await tx.insert(pricingHistory).values(entry);
}
