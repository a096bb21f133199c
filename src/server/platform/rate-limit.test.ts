import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { rateLimits } from './db/tables';
import {
  consumeRateLimit,
  createBatchedRateLimiter,
  refundRateLimit,
  slidingWindowRetryAfter,
  type BatchedRateLimiter,
  type BatchedRateLimiterOptions,
} from './rate-limit';
import { TooManyRequestsError } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const WINDOW = 15 * 60;
/** A window boundary of the 15-minute windows: 14:30:00 UTC on a fixed day. */
const BOUNDARY = Date.UTC(2026, 10, 21, 14, 30, 0);
let keyCounter = 0;
const freshKey = () => `test:rate-limit:${++keyCounter}`;

async function hit(key: string, limit: number): Promise<number> {
  try {
    await consumeRateLimit(t.db, key, limit, WINDOW);
    return 0;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('consumeRateLimit', () => {
  it('allows the limit within a window and refuses the next hit, with the seconds to wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY + 60_000);
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hit(key, 10)).toBe(0);
    const retry = await hit(key, 10);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(2 * WINDOW);
  });

  it('still refuses just after a window boundary: the hits of a moment ago are not forgotten', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY - 5_000);
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hit(key, 10)).toBe(0);
    vi.setSystemTime(BOUNDARY + 5_000);
    expect(await hit(key, 10)).toBeGreaterThan(0);
  });

  it('lets hits in again as the previous window slides out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY - 5_000);
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hit(key, 10)).toBe(0);
    // Half-way through the next window, half of the earlier hits still weigh: five more are allowed, not ten.
    vi.setSystemTime(BOUNDARY + (WINDOW * 1000) / 2);
    for (let i = 0; i < 5; i++) expect(await hit(key, 10)).toBe(0);
    expect(await hit(key, 10)).toBeGreaterThan(0);
    // Two windows on, nothing of them weighs any more.
    vi.setSystemTime(BOUNDARY + 2 * WINDOW * 1000 + 1_000);
    for (let i = 0; i < 10; i++) expect(await hit(key, 10)).toBe(0);
  });

  it('keeps separate counts per key', async () => {
    const a = freshKey();
    const b = freshKey();
    for (let i = 0; i < 3; i++) await hit(a, 3);
    expect(await hit(a, 3)).toBeGreaterThan(0);
    expect(await hit(b, 3)).toBe(0);
  });

  it('gives a hit back on refund', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY + 60_000);
    const key = freshKey();
    for (let i = 0; i < 3; i++) await hit(key, 3);
    await refundRateLimit(t.db, [key], WINDOW);
    expect(await hit(key, 3)).toBe(0);
    expect(await hit(key, 3)).toBeGreaterThan(0);
  });
});

describe('slidingWindowRetryAfter', () => {
  const at = (secondsIntoWindow: number) => BOUNDARY + secondsIntoWindow * 1000;
  it('is 0 while the weighted count is within the limit', () => {
    expect(slidingWindowRetryAfter({ current: 10, previous: 0, limit: 10, windowSeconds: WINDOW, nowMs: at(1) })).toBe(0);
    expect(slidingWindowRetryAfter({ current: 5, previous: 10, limit: 10, windowSeconds: WINDOW, nowMs: at(WINDOW / 2) })).toBe(0);
  });

  it('waits for the previous window to weigh less when this one has room', () => {
    // 1 + 10 × (1 − 0) > 10: the next hit needs the previous weight down to 8/10, i.e. 20% of the window (180 s).
    expect(slidingWindowRetryAfter({ current: 1, previous: 10, limit: 10, windowSeconds: WINDOW, nowMs: at(0) })).toBe(180);
  });

  it('waits past the end of a full window until its own weight lets one more in', () => {
    // 11 hits now at the start of the window: 900 s to its end, then until 1 + 11 × (1 − f) ≤ 10, f = 2/11 (164 s).
    expect(slidingWindowRetryAfter({ current: 11, previous: 0, limit: 10, windowSeconds: WINDOW, nowMs: at(0) })).toBe(900 + 164);
  });
});

describe('createBatchedRateLimiter', () => {
  const limiters: BatchedRateLimiter[] = [];
  /** One limiter stands for one server process; several on one database share the counts as processes do. */
  const process = (options: Partial<BatchedRateLimiterOptions> = {}) => {
    const limiter = createBatchedRateLimiter({ db: t.db, limit: 60, windowSeconds: WINDOW, flushIntervalMs: 60_000, ...options });
    limiters.push(limiter);
    return limiter;
  };
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
  });

  async function hitWith(limiter: BatchedRateLimiter, key: string): Promise<number> {
    try {
      await limiter.consume(key);
      return 0;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return error.retryAfterSeconds;
      throw error;
    }
  }
  const storedCount = async (key: string) =>
    (await t.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key))).reduce((n, r) => n + r.count, 0);

  it('allows the limit and refuses the next hit with Retry-After, as the database counter does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY + 60_000);
    const limiter = process({ limit: 10 });
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hitWith(limiter, key)).toBe(0);
    const retry = await hitWith(limiter, key);
    const direct = freshKey();
    for (let i = 0; i < 10; i++) await hit(direct, 10);
    expect(retry).toBe(await hit(direct, 10));
    // The refused hit is counted too, as consumeRateLimit counts it.
    await limiter.flush();
    expect(await storedCount(key)).toBe(11);
  });

  it('writes nothing per hit: a full batch on one key writes every key counted so far, in one go', async () => {
    const limiter = process({ batchSize: 5 });
    const keys = Array.from({ length: 20 }, freshKey);
    for (const key of keys) await limiter.consume(key);
    for (let i = 0; i < 3; i++) await limiter.consume(keys[0] ?? '');
    expect(await storedCount(keys[0] ?? '')).toBe(0);
    expect(limiter.stats().pending).toBe(20);
    await limiter.consume(keys[0] ?? '');
    await vi.waitFor(async () => expect(await storedCount(keys[0] ?? '')).toBe(5), { timeout: 2_000, interval: 20 });
    for (const key of keys.slice(1)) expect(await storedCount(key)).toBe(1);
  });

  it('writes a lone hit within the flush interval', async () => {
    const limiter = process({ flushIntervalMs: 100 });
    const key = freshKey();
    await limiter.consume(key);
    expect(await storedCount(key)).toBe(0);
    await vi.waitFor(async () => expect(await storedCount(key)).toBe(1), { timeout: 2_000, interval: 20 });
    expect(limiter.stats().pending).toBe(0);
  });

  it('shares the limit across processes: a process new to a key lets at most one batch through past it', async () => {
    const a = process({ batchSize: 6 });
    const b = process({ batchSize: 6 });
    const key = freshKey();
    for (let i = 0; i < 60; i++) expect(await hitWith(a, key)).toBe(0);
    await a.flush();
    let allowedByB = 0;
    for (let i = 0; i < 20; i++) if ((await hitWith(b, key)) === 0) allowedByB++;
    expect(allowedByB).toBeLessThanOrEqual(6);
    // And the first process, once it writes, sees the second one's hits.
    for (let i = 0; i < 6; i++) await hitWith(a, key);
    expect(await hitWith(a, key)).toBeGreaterThan(0);
  });

  it('sees hits counted by consumeRateLimit on the same key', async () => {
    const limiter = process({ limit: 10, batchSize: 2 });
    const key = freshKey();
    for (let i = 0; i < 10; i++) await hit(key, 10);
    const results: number[] = [];
    for (let i = 0; i < 5; i++) results.push(await hitWith(limiter, key));
    expect(results.filter((r) => r === 0).length).toBeLessThanOrEqual(2);
    expect(results.at(-1)).toBeGreaterThan(0);
  });

  it('keeps P processes hitting one key at once within the limit plus (P − 1) batches', { tags: ['postgres'] }, async () => {
    const processes = [process({ batchSize: 6 }), process({ batchSize: 6 }), process({ batchSize: 6 })];
    const key = freshKey();
    const results = await Promise.all(processes.map(async (p) => Promise.all(Array.from({ length: 60 }, () => hitWith(p, key)))));
    const allowed = results.flat().filter((r) => r === 0).length;
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(allowed).toBeLessThanOrEqual(60 + 2 * 6);
    await Promise.all(processes.map((p) => p.flush()));
    expect(await storedCount(key)).toBe(180);
  });

  it("still refuses just after a window boundary: the previous window's hits weigh", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BOUNDARY - 5_000);
    const limiter = process({ limit: 10 });
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hitWith(limiter, key)).toBe(0);
    vi.setSystemTime(BOUNDARY + 5_000);
    expect(await hitWith(limiter, key)).toBeGreaterThan(0);
    // Another process learns the previous window from the database on its first write.
    const other = process({ limit: 10, batchSize: 1 });
    await limiter.flush();
    await hitWith(other, key);
    expect(await hitWith(other, key)).toBeGreaterThan(0);
  });

  it('holds at most maxKeys keys in memory, and still writes the hits of evicted ones', async () => {
    const limiter = process({ maxKeys: 10 });
    const keys = Array.from({ length: 50 }, freshKey);
    for (const key of keys) await limiter.consume(key);
    expect(limiter.stats().keys).toBe(10);
    await limiter.flush();
    for (const key of keys) expect(await storedCount(key)).toBe(1);
  });

  it('writes what is left on close', async () => {
    const limiter = createBatchedRateLimiter({ db: t.db, limit: 60, windowSeconds: WINDOW, flushIntervalMs: 60_000 });
    const key = freshKey();
    await limiter.consume(key);
    await limiter.close();
    expect(await storedCount(key)).toBe(1);
  });
});
