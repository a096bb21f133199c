import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { randomToken, sha256 } from '../../platform/crypto';
import { calendarFeeds } from './tables/calendar-feeds';
import { users } from './tables/users';

/**
 * A staff user's private calendar feed (issue 31, decision 0394): one per user, its secret shown once when made and
 * kept only as a SHA-256. Making it again replaces the secret (the old URL stops at once); revoking deletes it.
 */

/** Makes (or replaces) the user's feed; answers the new secret, which nobody can read back later. */
export async function makeCalendarFeed(db: DbOrTx, userId: number, now: Date = new Date()): Promise<{ token: string; createdAt: Date }> {
  const token = randomToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: sha256(token), createdAt: now } });
  return { token, createdAt: now };
}

export async function calendarFeedOf(db: DbOrTx, userId: number): Promise<{ createdAt: Date } | null> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** True when there was a feed to revoke. */
export async function revokeCalendarFeed(db: DbOrTx, userId: number): Promise<boolean> {
  return (await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId })).length > 0;
}

/** Whose feed a secret opens, while they are still staff (a host whose role was taken away reads nothing). */
export async function calendarFeedOwner(db: DbOrTx, token: string): Promise<{ id: number; isAdmin: boolean; isHost: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, isAdmin: users.isAdmin, isHost: users.isHost })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, sha256(token)));
  return row && (row.isAdmin || row.isHost) ? row : null;
}
