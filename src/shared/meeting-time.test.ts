import { describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_TIME, FALLBACK_MEETING_TIME, loadedSchedule, meetingTimeOf, readMeetingTime } from './meeting-time';

describe('the meeting time of a stored booking', () => {
  it('is 15:00 for a new booking and 14:00 as the fallback (spec section 9)', () => {
    expect(DEFAULT_MEETING_TIME).toEqual({ hour: 15, minute: 0 });
    expect(FALLBACK_MEETING_TIME).toEqual({ hour: 14, minute: 0 });
  });

  it('reads an object or the same as a JSON string; anything else is not a time', () => {
    expect(readMeetingTime({ hour: 9, minute: 5 })).toEqual({ hour: 9, minute: 5 });
    expect(readMeetingTime('{"hour":18,"minute":30}')).toEqual({ hour: 18, minute: 30 });
    expect(readMeetingTime({ hour: '07', minute: '15' })).toEqual({ hour: 7, minute: 15 });
    for (const bad of [null, undefined, '', 'later', '{"hour":24,"minute":0}', { hour: 12 }, { hour: 12, minute: 60 }, { hour: 1.5, minute: 0 }, [], 1400]) {
      expect(readMeetingTime(bad)).toBeNull();
    }
    expect(meetingTimeOf('later')).toEqual({ hour: 14, minute: 0 });
    expect(meetingTimeOf({ hour: 10, minute: 0 })).toEqual({ hour: 10, minute: 0 });
  });

  it('loads a booking: the stored time, else the stored instant in the zone, else 14:00; the instant follows', () => {
    const base = { date: '2031-07-01', timezone: 'Europe/Paris' };
    expect(loadedSchedule({ ...base, utcDateTime: '2031-07-01T16:00:00.000Z', meetingTime: { hour: 18, minute: 0 } })).toEqual({
      meeting_time: { hour: 18, minute: 0 },
      utcDateTime: '2031-07-01T16:00:00.000Z',
    });
    expect(loadedSchedule({ ...base, utcDateTime: '2031-07-01T07:45:00.000Z', meetingTime: null })).toEqual({
      meeting_time: { hour: 9, minute: 45 },
      utcDateTime: '2031-07-01T07:45:00.000Z',
    });
    expect(loadedSchedule({ ...base, utcDateTime: null, meetingTime: 'soon' })).toEqual({
      meeting_time: { hour: 14, minute: 0 },
      utcDateTime: '2031-07-01T12:00:00.000Z',
    });
    expect(loadedSchedule({ ...base, timezone: 'Nowhere/Land', utcDateTime: null, meetingTime: null })).toEqual({
      meeting_time: { hour: 14, minute: 0 },
      utcDateTime: null,
    });
  });
});
