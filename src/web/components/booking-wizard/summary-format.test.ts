import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './summary-format';
import { parseTimeText, timeText, timezoneOptions } from './meeting-time-field';

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
