import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { rateLimits } from './db/tables';
import type { Db, DbOrTx } from './db/client';
import { TooManyRequestsError } from './errors';
import { preparedPerSession } from './db/prepared';

/**
 * A sliding-window counter kept in the database, so every server process shares the same limit.
 *
 * Hits are counted per fixed window, and a hit is refused when this window's hits plus the previous window's,
 * weighted by how much of the previous window still overlaps the sliding one, pass the limit. Plain fixed windows
 * forget everything at each boundary: ten failed logins at 14:29 and ten more at 14:30 would all be allowed.
 */
export async function consumeRateLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const { retryAfter } = await countRateLimit(db, key, limit, windowSeconds);
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter, message);
}

/** One hit on a key's current window, with the previous window's count: built once per session (decision 0600). */
const countHit = preparedPerSession((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({
      count: rateLimits.count,
      previous: sql<
        number | null
      >`(select p.count from ${rateLimits} p where p.key = ${sql.placeholder('key')} and p.window_start = ${sql.placeholder('previousStart')}::timestamptz)`,
    })
    .prepare('rate_limit_count_hit'),
);

/**
 * The sliding window of consumeRateLimit, counting one hit and answering where the key stands (consumeRateLimit throws
 * when it is refused): what the `RateLimit` headers of an API answer say (the outside API's per-key limit, decision 0560).
 * `retryAfter` is 0 when this hit is allowed.
 */
export async function countRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  nowMs: number = Date.now(),
): Promise<{ remaining: number; resetSeconds: number; retryAfter: number }> {
  const { startMs, previousStartMs, windowMs } = windowOf(nowMs, windowSeconds);
  const rows = await countHit(db).execute({ key, windowStart: new Date(startMs), previousStart: new Date(previousStartMs).toISOString() });
  const current = rows[0]?.count ?? 0;
  const previous = Number(rows[0]?.previous ?? 0);
  const retryAfter = slidingWindowRetryAfter({ current, previous, limit, windowSeconds, nowMs });
  const weighted = current + previous * (1 - (nowMs - startMs) / windowMs);
  return { remaining: Math.max(0, Math.floor(limit - weighted)), resetSeconds: Math.ceil((startMs + windowMs - nowMs) / 1000), retryAfter };
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

export type BatchedRateLimiter = {
  /** Counts one hit on `key`; throws TooManyRequestsError when it is over the limit (refused hits count too). */
  consume(key: string): Promise<void>;
  /** Counts nothing; throws TooManyRequestsError when one more hit on `key` would be refused (this process's view). */
  check(key: string): void;
  /** Writes the hits counted so far to the shared counter. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (call before closing the database). */
  close(): Promise<void>;
  /** Keys held in memory, and (key, window) counts waiting to be written. */
  stats(): { keys: number; pending: number };
};

export type BatchedRateLimiterOptions = {
  db: Db;
  limit: number;
  windowSeconds: number;
  /** A key's hits are written at the latest every `batchSize` hits (default limit / 10)… */
  batchSize?: number;
  /** …or after this many ms (default 1 s). */
  flushIntervalMs?: number;
  /** Keys remembered in memory, least recently used evicted first (default 10,000). */
  maxKeys?: number;
  /** A flush in the background failed (its hits are kept and written with the next one). */
  onError?: (error: unknown) => void;
};

type WindowCount = { seen: number; unsynced: number };
type Entry = { window: number; current: WindowCount; previous: WindowCount };
type Row = { key: string; window: number; count: number };

const ROWS_PER_STATEMENT = 500;
const zero = (): WindowCount => ({ seen: 0, unsynced: 0 });

/**
 * The sliding window of consumeRateLimit, shared through the same rate_limits rows, without a database write per
 * hit: hits are counted in memory and added to the rows in batches, one statement for every key at once.
 *
 * Each process decides on its local view of a key: the database count returned by its last flush plus the hits it
 * has counted since. A key's unwritten hits are written once they reach `batchSize` (a hit finding a full batch
 * waits for that write and so sees the other processes' hits), and in any case within `flushIntervalMs`.
 *
 * Trade-off: one process is exact (it counts every hit of its own). P processes sharing a key can together let
 * through at most (P − 1) × batchSize hits beyond the limit: every process holds at most `batchSize` hits the
 * others have not seen, and the process that wrote last saw all the others' written hits. A key evicted from
 * memory (least recently used, past `maxKeys`) starts again from 0 until its next write: up to `batchSize` more
 * per eviction. With the code look-up limit (60 a minute, batches of 6) and 4 processes: at most 78 a minute from
 * one address instead of 60. A hit waits for the database only when its key has a full batch unwritten.
 */
export function createBatchedRateLimiter(options: BatchedRateLimiterOptions): BatchedRateLimiter {
  const { db, limit, windowSeconds } = options;
  const batchSize = Math.max(1, options.batchSize ?? Math.floor(limit / 10));
  const flushIntervalMs = options.flushIntervalMs ?? 1_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const windowMs = windowSeconds * 1000;
  const entries = new Map<string, Entry>();
  let outbox = new Map<string, Row>();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let closed = false;

  /** The key's entry, rolled to the window of `nowMs` (in place: flushes in flight keep acknowledging it). */
  function entryOf(key: string, nowMs: number): Entry {
    const window = windowOf(nowMs, windowSeconds).startMs;
    let entry = entries.get(key);
    if (entry) {
      entries.delete(key); // re-inserted below: the map's order is least recently used first
      if (entry.window === window - windowMs) Object.assign(entry, { window, previous: entry.current, current: zero() });
      else if (entry.window !== window) Object.assign(entry, { window, previous: zero(), current: zero() });
    } else {
      entry = { window, current: zero(), previous: zero() };
    }
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(oldest);
    }
    return entry;
  }

  function countOf(entry: Entry, window: number): WindowCount | undefined {
    if (entry.window === window) return entry.current;
    if (entry.window - windowMs === window) return entry.previous;
    return undefined;
  }

  async function writeOnce(): Promise<void> {
    // Sorted, so two processes flushing the same keys lock their rows in the same order and never deadlock.
    const rows = [...outbox.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.window - b.window));
    outbox = new Map();
    // The entries as they were when their hits were sent: one evicted meanwhile is not credited with them.
    const senders = new Map(rows.map((r) => [r.key, entries.get(r.key)]));
    let written = 0;
    try {
      for (; written < rows.length; written += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(written, written + ROWS_PER_STATEMENT);
        const answers = await db
          .insert(rateLimits)
          .values(chunk.map((r) => ({ key: r.key, windowStart: new Date(r.window), count: r.count })))
          .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + excluded.count` } })
          .returning({
            key: rateLimits.key,
            windowStart: rateLimits.windowStart,
            count: rateLimits.count,
            // RETURNING names the target table's columns unqualified, so the outer row is named in full here.
            previous: sql<
              number | null
            >`(select p.count from ${rateLimits} p where p.key = "rate_limits"."key" and p.window_start = "rate_limits"."window_start" - make_interval(secs => ${windowSeconds}::int))`,
          });
        const sent = new Map(chunk.map((r) => [`${r.window}:${r.key}`, r.count]));
        for (const answer of answers) {
          const window = answer.windowStart.getTime();
          const entry = entries.get(answer.key);
          if (!entry || entry !== senders.get(answer.key)) continue;
          const count = countOf(entry, window);
          if (!count) continue;
          count.unsynced = Math.max(0, count.unsynced - (sent.get(`${window}:${answer.key}`) ?? 0));
          // Counts only grow within a window; max() keeps answers from one statement in any order consistent.
          count.seen = Math.max(count.seen, answer.count);
          if (entry.window === window) entry.previous.seen = Math.max(entry.previous.seen, Number(answer.previous ?? 0));
        }
      }
    } catch (error) {
      // What was not written goes back for the next flush, if it still weighs (this window or the previous one).
      const oldest = windowOf(Date.now(), windowSeconds).startMs - windowMs;
      for (const r of rows.slice(written)) if (r.window >= oldest && outbox.size < maxKeys) addToOutbox(r.key, r.window, r.count);
      throw error;
    }
  }

  function addToOutbox(key: string, window: number, count: number): void {
    const id = `${window}:${key}`;
    const row = outbox.get(id);
    if (row) row.count += count;
    else outbox.set(id, { key, window, count });
  }

  function flush(): Promise<void> {
    inFlight ??= writeOnce().finally(() => {
      inFlight = null;
      if (outbox.size > 0) scheduleFlush();
    });
    return inFlight;
  }

  function flushInBackground(): void {
    flush().catch((error: unknown) => options.onError?.(error));
  }

  function scheduleFlush(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      flushInBackground();
    }, flushIntervalMs);
    timer.unref();
  }

  return {
    async consume(key) {
      let nowMs = Date.now();
      let entry = entryOf(key, nowMs);
      // A full batch waits for its write: the answer then includes every other process's written hits.
      while (entry.current.unsynced >= batchSize) {
        await flush();
        nowMs = Date.now();
        entry = entryOf(key, nowMs);
      }
      entry.current.unsynced += 1;
      addToOutbox(key, entry.window, 1);
      if (entry.current.unsynced >= batchSize || outbox.size >= ROWS_PER_STATEMENT) flushInBackground();
      scheduleFlush();
      const retryAfter = slidingWindowRetryAfter({
        current: entry.current.seen + entry.current.unsynced,
        previous: entry.previous.seen + entry.previous.unsynced,
        limit,
        windowSeconds,
        nowMs,
      });
      if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
    },
    check(key) {
      const nowMs = Date.now();
      const entry = entryOf(key, nowMs);
      const retryAfter = slidingWindowRetryAfter({
        current: entry.current.seen + entry.current.unsynced + 1,
        previous: entry.previous.seen + entry.previous.unsynced,
        limit,
        windowSeconds,
        nowMs,
      });
      if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
    },
    flush: async () => {
      while (inFlight || outbox.size > 0) await flush();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (inFlight || outbox.size > 0) await flush();
    },
    stats: () => ({ keys: entries.size, pending: outbox.size }),
  };
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
