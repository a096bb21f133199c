import { describe, expect, it } from 'vitest';
import { MAIL_BACKOFF_MINUTES, retryDelayMs } from './mail';

describe('retryDelayMs', () => {
  it('waits each backoff step after the attempt it follows, repeating the last', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1, 5, 15, 60].map((m) => m * 60_000));
    const last = (MAIL_BACKOFF_MINUTES.at(-1) ?? 0) * 60_000;
    expect(retryDelayMs(MAIL_BACKOFF_MINUTES.length)).toBe(last);
    expect(retryDelayMs(40)).toBe(last);
    // A count below one (never stored, but not a reason to send at once) waits the first step.
    expect(retryDelayMs(0)).toBe(60_000);
  });
});
