// What other domains read of the identity domain's rows (decision 0545: every domain's tables are its own). Read-only
// projections they join into their own statements, so a list that shows a staff member's name stays one query
// (PostgreSQL flattens each subquery into a plain join). It imports no domain's index, so any domain file may use it.
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { activityLog } from './tables/activity-log';
import { sessions, users } from './tables/users';

/**
 * Staff members (and hosts) as another domain shows them: who, how to reach them, what they are. A subquery named
 * `name`, one per join (a statement that joins users twice, a host and an author, names each).
 */
export function staffMember(name: string) {
  return new QueryBuilder()
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, isAdmin: users.isAdmin, isHost: users.isHost })
    .from(users)
    .as(name);
}

/** The identity tables' part of the health probe, scalar subqueries for the probe's one statement: fail once a table is gone. */
export function identityProbe(): SQL {
  return sql`(select 1 from ${users} limit 1), (select 1 from ${sessions} limit 1)`;
}

/** A booking's staff activity (the timeline), newest first, with the name of who did it. */
export async function activityOfBooking(db: DbOrTx, bookingId: number, limit: number) {
  const actor = staffMember('activity_actor');
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      before: activityLog.before,
      after: activityLog.after,
      createdAt: activityLog.createdAt,
      actorId: activityLog.actorId,
      actorName: actor.name,
    })
    .from(activityLog)
    .leftJoin(actor, eq(actor.id, activityLog.actorId))
    .where(eq(activityLog.bookingId, bookingId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
}

/** Staff members' names by id (a name the timeline shows for an id it stored). */
export async function staffNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
