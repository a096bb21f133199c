import { describe, expect, it } from 'vitest';
import { dateTimeFieldErrors } from './booking-rules';

const now = new Date('2030-06-10T12:00:00Z');

describe('dateTimeFieldErrors', () => {
  it('is null for a real future moment', () => {
    expect(dateTimeFieldErrors('2030-06-15', { hour: 15, minute: 0 }, 'Europe/London', now)).toBeNull();
  });
  it('puts date problems under date and time problems under meeting_time', () => {
    expect(dateTimeFieldErrors('', { hour: 15, minute: 0 }, 'Europe/London', now)).toEqual({ date: ['Please choose a date'] });
    expect(dateTimeFieldErrors('2030-06-09', { hour: 15, minute: 0 }, 'Europe/London', now)).toEqual({
      date: ['Please choose a date that is not in the past'],
    });
    expect(dateTimeFieldErrors('2030-02-30', { hour: 15, minute: 0 }, 'Europe/London', now)).toEqual({ date: ['Invalid date/time'] });
    expect(dateTimeFieldErrors('2030-06-15', null, 'Europe/London', now)).toEqual({ meeting_time: ['Please choose a meeting time'] });
    expect(dateTimeFieldErrors('2031-03-30', { hour: 1, minute: 30 }, 'Europe/London', now)).toEqual({ meeting_time: ['Invalid date/time'] });
    expect(dateTimeFieldErrors('2030-06-10', { hour: 9, minute: 0 }, 'Europe/London', now)).toEqual({
      meeting_time: ['Please choose a meeting time in the future'],
    });
  });
  it('measures "today" in the game zone', () => {
    // 22:30 UTC on the 10th is 23:30 in London (summer time) but already the 11th in Tokyo.
    const late = new Date('2030-06-10T22:30:00Z');
    expect(dateTimeFieldErrors('2030-06-10', { hour: 23, minute: 45 }, 'Europe/London', late)).toBeNull();
    expect(dateTimeFieldErrors('2030-06-10', { hour: 23, minute: 45 }, 'Asia/Tokyo', late)).toEqual({ date: ['Please choose a date that is not in the past'] });
  });
});
