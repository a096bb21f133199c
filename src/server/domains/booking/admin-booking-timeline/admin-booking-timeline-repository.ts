import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingChanges, bookings } from '../tables/bookings';
import { mailOutbox } from '../../../platform/db/tables';
import { activityOfBooking, staffNames } from '../../identity/records';
import { challengeNames as catalogueChallengeNames } from '../../catalogue/records';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function findBooking(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: bookings.id, currency: bookings.currency, timezone: bookings.timezone, createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.id, id))
    .limit(1);
  return rows[0];
}

/** The booking's staff changes, newest first, with the acting staff member's name (null once gone, or for the system). */
export function listStaffChanges(db: DbOrTx, bookingId: number, limit: number) {
  return activityOfBooking(db, bookingId, limit);
}

export function listBookerChanges(db: DbOrTx, bookingId: number, limit: number) {
  return db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, bookingId))
    .orderBy(desc(bookingChanges.createdAt), desc(bookingChanges.id))
    .limit(limit);
}

export function listMails(db: DbOrTx, bookingId: number, limit: number): Promise<MailRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}

export async function findMail(db: DbOrTx, bookingId: number, mailId: number): Promise<MailRow | undefined> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.bookingId, bookingId)))
    .limit(1);
  return rows[0];
}

export const userNames = staffNames;

export const challengeNames = catalogueChallengeNames;
