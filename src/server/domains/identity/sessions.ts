import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { sessions } from './tables/users';

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Ends every session of a user (after a role change they must log in again with their new rights; after a password
 * reset whoever held a session is out), or every one but `exceptSessionKey`: the one they made the change from.
 */
export async function endUserSessions(db: DbOrTx, userId: number, exceptSessionKey?: string | null): Promise<void> {
  await db.delete(sessions).where(exceptSessionKey ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionKey)) : eq(sessions.userId, userId));
}

/** Removes sessions past their absolute expiry or idle for longer than the idle timeout. */
export async function pruneSessions(db: DbOrTx, idleMs: number): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, new Date(Date.now() - idleMs))));
}

/** The identity domain's maintenance task: sessions past their expiry or idle timeout. */
export const pruneExpiredSessions = (db: DbOrTx): Promise<void> => pruneSessions(db, SESSION_IDLE_MS);
