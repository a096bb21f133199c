import { describe, expect, it } from 'vitest';
import { formatMomentIn, newIdempotencyKey } from './summary-format';
import { parseTimeText, timeText, timezoneOptions } from './meeting-time-field';

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

describe('meeting time text', () => {
  it('round-trips HH:mm and refuses anything else', () => {
    expect(timeText({ hour: 9, minute: 5 })).toBe('09:05');
    expect(timeText(null)).toBe('');
    expect(parseTimeText('15:00')).toEqual({ hour: 15, minute: 0 });
    expect(parseTimeText('24:00')).toBeNull();
    expect(parseTimeText('')).toBeNull();
  });

  it('offers the spec zones plus the browser zone', () => {
    const options = timezoneOptions('America/Chicago', 'America/Chicago');
    expect(options[0]).toEqual({ label: 'Your time zone (America/Chicago)', zone: 'America/Chicago' });
    expect(options).toHaveLength(11);
    expect(timezoneOptions('Europe/London', 'Europe/London')).toHaveLength(10);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a different key each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
