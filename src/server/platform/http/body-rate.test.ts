import { describe, expect, it } from 'vitest';
import { averageRate, isSlowSender, windowTooSlow } from './body-rate';

const rate = { minBytesPerSecond: 1_000, windowMs: 20_000 };

describe('the minimum body rate (decision 0520)', () => {
  it('wants the rate times the window from each window, or the rest of the body when less is left', () => {
    expect(windowTooSlow(rate, 19_999, 1_000_000)).toBe(true);
    expect(windowTooSlow(rate, 20_000, 1_000_000)).toBe(false);
    // A 600-byte JSON body sent a byte a second: 20 bytes in the window, short of its 600.
    expect(windowTooSlow(rate, 20, 600)).toBe(true);
    expect(windowTooSlow(rate, 600, 600)).toBe(false);
    // Chunked: no length, the rate alone.
    expect(windowTooSlow(rate, 19_999, undefined)).toBe(true);
  });

  it('is off at 0', () => {
    expect(windowTooSlow({ ...rate, minBytesPerSecond: 0 }, 0, 1_000)).toBe(false);
    expect(isSlowSender({ ...rate, minBytesPerSecond: 0 }, 0, 60_000)).toBe(false);
  });

  it('judges a body that has just begun by what it brought at once, over a second at least', () => {
    // A phone's upload starts with a burst: 64 kB in 5 ms is 64 kB/s, not 12.8 MB/s, and not slow.
    expect(averageRate(64_000, 5)).toBe(64_000);
    expect(isSlowSender(rate, 64_000, 5)).toBe(false);
    // A socket sending a byte a second is slow from its first moments.
    expect(isSlowSender(rate, 1, 5)).toBe(true);
    expect(isSlowSender(rate, 30, 30_000)).toBe(true);
    expect(isSlowSender(rate, 3_000_000, 30_000)).toBe(false);
  });
});
