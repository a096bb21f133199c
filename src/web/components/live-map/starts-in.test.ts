import { describe, expect, it } from 'vitest';
import { startsInText } from './live-game-ui';

describe('the lobby countdown', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('counts down in hours, minutes and seconds, with days when far off', () => {
    expect(startsInText('2026-06-01T13:29:59Z', now)).toBe('1:29:59');
    expect(startsInText('2026-06-01T12:04:05Z', now)).toBe('4:05');
    expect(startsInText('2026-06-03T15:04:05Z', now)).toBe('2 d 3:04:05');
  });
  it('stops at the start, and without a start', () => {
    expect(startsInText('2026-06-01T12:00:00Z', now)).toBeNull();
    expect(startsInText('2026-06-01T11:00:00Z', now)).toBeNull();
    expect(startsInText(null, now)).toBeNull();
  });
});
