import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/system';
import type { DbOrTx } from '../db/client';
import { TooManyRequestsError } from './errors';

/**
 * A sliding-window counter kept in the database, so every server process shares the same limit.
 *
 * Hits are counted per fixed window, and a hit is refused when this window's hits plus the previous window's,
 * weighted by how much of the previous window still overlaps the sliding one, pass the limit. Plain fixed windows
 * forget everything at each boundary: ten failed logins at 14:29 and ten more at 14:30 would all be allowed.
 */
export async function consumeRateLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const nowMs = Date.now();
  const { startMs, previousStartMs } = windowOf(nowMs, windowSeconds);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(startMs), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({
      count: rateLimits.count,
      previous: sql<number | null>`(select p.count from ${rateLimits} p where p.key = ${key} and p.window_start = ${new Date(previousStartMs).toISOString()}::timestamptz)`,
    });
  const current = rows[0]?.count ?? 0;
  const previous = Number(rows[0]?.previous ?? 0);
  const retryAfter = slidingWindowRetryAfter({ current, previous, limit, windowSeconds, nowMs });
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
}

/** Takes one hit back from the current window of each counter (a successful login does not count against its user). */
export async function refundRateLimit(db: DbOrTx, keys: string[], windowSeconds: number): Promise<void> {
  const { startMs } = windowOf(Date.now(), windowSeconds);
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(inArray(rateLimits.key, keys), eq(rateLimits.windowStart, new Date(startMs)), gt(rateLimits.count, 0)));
}

export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

function windowOf(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  return { windowMs, startMs, previousStartMs: startMs - windowMs };
}

/**
 * 0 when a hit that brought this window's count to `current` is allowed; otherwise the whole seconds (at least 1)
 * until one more hit would be allowed, assuming no other hits come meanwhile.
 */
export function slidingWindowRetryAfter(input: { current: number; previous: number; limit: number; windowSeconds: number; nowMs: number }): number {
  const { current, previous, limit, windowSeconds, nowMs } = input;
  const { windowMs, startMs } = windowOf(nowMs, windowSeconds);
  const elapsed = (nowMs - startMs) / windowMs;
  if (current + previous * (1 - elapsed) <= limit) return 0;
  let waitMs: number;
  if (current < limit) {
    // Still in this window: wait until the previous window's weight has shrunk enough for one more hit.
    const weightAllowed = (limit - current - 1) / previous;
    waitMs = (1 - weightAllowed - elapsed) * windowMs;
  } else {
    // This window alone is full: wait for the next one, then until this window's weight lets one more hit in.
    const weightAllowed = Math.max(0, limit - 1) / current;
    waitMs = (1 - elapsed) * windowMs + (1 - weightAllowed) * windowMs;
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}
