import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingChanges, bookings } from '../tables/bookings';
import { mailOutbox } from '../../../platform/db/tables';
import { activityLog } from '../../identity/tables/activity-log';
import { users } from '../../identity/tables/users';
import { challenges } from '../../catalogue/tables/challenges';

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
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      before: activityLog.before,
      after: activityLog.after,
      createdAt: activityLog.createdAt,
      actorId: activityLog.actorId,
      actorName: users.name,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(eq(activityLog.bookingId, bookingId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
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

export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function challengeNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: challenges.id, name: challenges.name }).from(challenges).where(inArray(challenges.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
