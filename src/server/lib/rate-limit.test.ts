import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { consumeRateLimit, refundRateLimit, slidingWindowRetryAfter } from './rate-limit';
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
