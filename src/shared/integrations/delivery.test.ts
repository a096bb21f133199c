import { describe, expect, it } from 'vitest';
import { attemptVerdict, DELIVERY_WINDOW_MS, failedTooLong, rateLimitHeaders } from './delivery';

const at = new Date('2031-01-01T00:00:00Z');

describe('attemptVerdict', () => {
  it('ends on a 2xx, disables on 410, retries anything else with growing waits', () => {
    expect(attemptVerdict({ status: 204, attempts: 1, createdAt: at, now: at })).toEqual({ kind: 'succeeded' });
    expect(attemptVerdict({ status: 410, attempts: 1, createdAt: at, now: at })).toEqual({ kind: 'gone' });
    expect(attemptVerdict({ status: 500, attempts: 1, createdAt: at, now: at })).toEqual({ kind: 'retry', at: new Date(at.getTime() + 5_000) });
    expect(attemptVerdict({ status: null, attempts: 3, createdAt: at, now: at })).toEqual({ kind: 'retry', at: new Date(at.getTime() + 30 * 60_000) });
    expect(attemptVerdict({ status: 302, attempts: 9, createdAt: at, now: at })).toEqual({ kind: 'retry', at: new Date(at.getTime() + 10 * 3_600_000) });
  });

  it('gives up once the next try would be past 72 hours', () => {
    const late = new Date(at.getTime() + DELIVERY_WINDOW_MS - 3_600_000);
    expect(attemptVerdict({ status: 500, attempts: 9, createdAt: at, now: late })).toEqual({ kind: 'given_up' });
  });
});

describe('failedTooLong', () => {
  it('is true after 5 days of failures in a row', () => {
    expect(failedTooLong(null, at)).toBe(false);
    expect(failedTooLong(at, new Date(at.getTime() + 5 * 24 * 3_600_000 - 1))).toBe(false);
    expect(failedTooLong(at, new Date(at.getTime() + 5 * 24 * 3_600_000))).toBe(true);
  });
});

describe('rateLimitHeaders', () => {
  it('writes the policy and where the key stands', () => {
    expect(rateLimitHeaders({ limit: 120, windowSeconds: 60, remaining: 7, resetSeconds: 12.2 })).toEqual({
      'RateLimit-Policy': '"per-key";q=120;w=60',
      RateLimit: '"per-key";r=7;t=13',
    });
  });
});
