import { describe, expect, it } from 'vitest';
import { formatMomentIn } from './moment-text';

describe('formatMomentIn', () => {
  it('shows one instant in the game zone and in another zone', () => {
    expect(formatMomentIn('2030-07-01T14:00:00.000Z', 'Europe/London')).toBe('Monday 1 July 2030 at 15:00');
    expect(formatMomentIn('2030-07-01T14:00:00.000Z', 'America/New_York')).toBe('Monday 1 July 2030 at 10:00');
    expect(formatMomentIn('2030-07-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('Tuesday 2 July 2030 at 08:30');
  });

  it('is empty for an unusable instant or zone', () => {
    expect(formatMomentIn('', 'Europe/London')).toBe('');
    expect(formatMomentIn('soon', 'Europe/London')).toBe('');
    expect(formatMomentIn('2030-07-01T14:00:00.000Z', 'Nowhere/Land')).toBe('');
  });
});
