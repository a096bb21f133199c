import { lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/system';
import type { DbOrTx } from '../db/client';
import { TooManyRequestsError } from './errors';

/**
 * A fixed-window counter kept in the database, so every server process shares the same limit.
 * Throws 429 with Retry-After once `limit` hits fall in the current window.
 */
export async function consumeRateLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const nowMs = Date.now();
  const windowStartMs = Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(windowStartMs), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? 0;
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowSeconds * 1000 - nowMs) / 1000));
    throw new TooManyRequestsError(retryAfter);
  }
}

export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
