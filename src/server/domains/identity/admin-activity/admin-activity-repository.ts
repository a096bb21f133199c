import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { activityLog } from '../tables/activity-log';
import { users } from '../tables/users';
import { listedBooking } from '../../booking';

export type ActivityFilter = { bookingId?: number | undefined; userId?: number | undefined };

function where(filter: ActivityFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.bookingId !== undefined) conditions.push(eq(activityLog.bookingId, filter.bookingId));
  if (filter.userId !== undefined) {
    const byUser = or(eq(activityLog.subjectUserId, filter.userId), eq(activityLog.actorId, filter.userId));
    if (byUser) conditions.push(byUser);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countActivity(db: DbOrTx, filter: ActivityFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityLog)
    .where(where(filter));
  return rows[0]?.n ?? 0;
}

/** Newest first; the actor is joined (null once their user is gone, or for system changes), and the booking's currency and zone to read amounts and times by. */
export function listActivity(db: DbOrTx, filter: ActivityFilter, limit: number, offset: number) {
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      bookingId: activityLog.bookingId,
      subjectUserId: activityLog.subjectUserId,
      before: activityLog.before,
      after: activityLog.after,
      createdAt: activityLog.createdAt,
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
      bookingCurrency: listedBooking.currency,
      bookingTimezone: listedBooking.timezone,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .leftJoin(listedBooking, eq(listedBooking.id, activityLog.bookingId))
    .where(where(filter))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit)
    .offset(offset);
}

export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
