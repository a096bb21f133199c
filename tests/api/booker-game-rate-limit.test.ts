import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';
import { CODE_CALL_LIMIT, CODE_MISS_LIMIT } from '../../src/server/domains/booking/booker-game/booker-game-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('rate limits on calls by game code', () => {
  it(`answers 429 with Retry-After after ${CODE_CALL_LIMIT.limit} calls a minute from one IP; other IPs are unaffected`, async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const booker = await t.visitor();
    const headers = { 'x-manage-key': booking.manageKey };
    const call = (remoteAddress: string) => booker.inject({ method: 'GET', url: `/api/booking/${gameCode}/challenges`, headers, remoteAddress });
    // Fixed one-minute windows: within 2 x limit + 1 calls (a few seconds) one window must overflow.
    let ok = 0;
    let limited = await call('203.0.113.7');
    for (let i = 0; limited.statusCode === 200 && i < 2 * CODE_CALL_LIMIT.limit; i++) {
      ok++;
      limited = await call('203.0.113.7');
    }
    expect(ok).toBeGreaterThanOrEqual(CODE_CALL_LIMIT.limit);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe('Too many requests. Please try again later.');
    expect((await call('203.0.113.8')).statusCode).toBe(200);
  });

  it(`answers 429 after ${CODE_MISS_LIMIT.limit} unknown codes from one IP`, async () => {
    const booker = await t.visitor();
    const statuses: number[] = [];
    for (let i = 0; i <= CODE_MISS_LIMIT.limit; i++) {
      const res = await booker.inject({ method: 'GET', url: `/api/booking/NOSUCHCODE${i}/challenges`, remoteAddress: '198.51.100.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, CODE_MISS_LIMIT.limit).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
