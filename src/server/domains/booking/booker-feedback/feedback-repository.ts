import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingFeedback } from '../tables/booking-feedback';
import { bookings } from '../tables/bookings';

export type FeedbackRow = typeof bookingFeedback.$inferSelect;

export async function findFeedback(db: DbOrTx, bookingId: number): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(bookingFeedback).where(eq(bookingFeedback.bookingId, bookingId));
  return row ?? null;
}

/** One row per booking: a second answer overwrites the first (decision 0393), in one statement, so two at once cannot both insert. */
export async function saveFeedback(db: DbOrTx, input: { bookingId: number; rating: number; comment: string; now: Date }): Promise<FeedbackRow> {
  const [row] = await db
    .insert(bookingFeedback)
    .values({ bookingId: input.bookingId, rating: input.rating, comment: input.comment, createdAt: input.now, updatedAt: input.now })
    .onConflictDoUpdate({ target: bookingFeedback.bookingId, set: { rating: input.rating, comment: input.comment, updatedAt: input.now } })
    .returning();
  if (!row) throw new Error('feedback not saved');
  return row;
}

/** The ratings of games whose date lies in the range (yyyy-MM-dd, inclusive). */
export async function ratingsOfGamesIn(db: DbOrTx, startDate: string, endDate: string): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: sql<string | null>`avg(${bookingFeedback.rating})`, count: sql<number>`count(*)::int` })
    .from(bookingFeedback)
    .innerJoin(bookings, eq(bookings.id, bookingFeedback.bookingId))
    .where(and(gte(bookings.date, startDate), lte(bookings.date, endDate)));
  return { average: row?.average == null ? null : Number(row.average), count: Number(row?.count ?? 0) };
}
