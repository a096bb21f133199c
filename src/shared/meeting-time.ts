import { localToUtcIso, utcToLocal } from './time';
import { isValidMeetingTime } from './validation/booking-rules';

export type MeetingTime = { hour: number; minute: number };

/** Spec section 9: a new booking meets at 15:00. */
export const DEFAULT_MEETING_TIME: Readonly<MeetingTime> = { hour: 15, minute: 0 };

/**
 * Spec section 9, 'fallback 14:00': the meeting time of a booking loaded without a usable one (decision 0110), e.g. a
 * record imported or written before the time was required, or one whose time is not a real time of day.
 */
export const FALLBACK_MEETING_TIME: Readonly<MeetingTime> = { hour: 14, minute: 0 };

const part = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : Number.NaN);

/**
 * A stored meeting time as the spec describes it (section 3: an object with hour and minute, possibly a JSON string);
 * null when it is not a real time of day.
 */
export function readMeetingTime(stored: unknown): MeetingTime | null {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || !('hour' in value) || !('minute' in value)) return null;
  const time = { hour: part(value.hour), minute: part(value.minute) };
  return isValidMeetingTime(time) ? time : null;
}

/** What a loaded booking's date and time are: every screen, answer and mail reads a stored booking through this. */
export type LoadedSchedule = { meeting_time: MeetingTime; utcDateTime: string | null };

/**
 * A stored booking's meeting time and start instant (spec section 4, 'Loading a booking'): the stored time when it is
 * usable, else the stored instant read in the game's zone, else 14:00; the instant is the stored one, else the date
 * and that time in the game's zone (null when even that makes no moment, e.g. an unknown zone).
 */
export function loadedSchedule(b: { utcDateTime: string | null; date: string; meetingTime: unknown; timezone: string }): LoadedSchedule {
  const fromInstant = b.utcDateTime ? utcToLocal(b.utcDateTime, b.timezone)?.time : undefined;
  const meeting_time = readMeetingTime(b.meetingTime) ?? fromInstant ?? { ...FALLBACK_MEETING_TIME };
  const utcDateTime = b.utcDateTime ?? (localToUtcIso(b.date, meeting_time, b.timezone) || null);
  return { meeting_time, utcDateTime };
}

/** The meeting time of a stored booking, 14:00 when it has none usable. */
export function meetingTimeOf(stored: unknown): MeetingTime {
  return readMeetingTime(stored) ?? { ...FALLBACK_MEETING_TIME };
}

/**
 * The instant a booking's game meets (the start window and the consoles read it): the stored instant when it is a
 * moment, else the date and meeting time in the game's zone (14:00 without a usable time). Null when neither makes one.
 */
export function meetingInstant(b: { utcDateTime: string | Date | null; date: string; meetingTime: unknown; timezone: string }): Date | null {
  const stored = b.utcDateTime instanceof Date ? b.utcDateTime.getTime() : b.utcDateTime ? Date.parse(b.utcDateTime) : Number.NaN;
  const utcDateTime = Number.isFinite(stored) ? new Date(stored).toISOString() : null;
  const schedule = loadedSchedule({ ...b, utcDateTime });
  return schedule.utcDateTime ? new Date(schedule.utcDateTime) : null;
}

/**
 * The time a booking holds: from its meeting instant for its booked duration (minutes), the length the end ticker
 * also gives a live game (domains/game/game-lifecycle.ts). Null when the booking makes no moment.
 */
export function bookedWindow(b: {
  utcDateTime: string | Date | null;
  date: string;
  meetingTime: unknown;
  timezone: string;
  duration: number;
}): { start: Date; end: Date } | null {
  const start = meetingInstant(b);
  if (!start) return null;
  return { start, end: new Date(start.getTime() + b.duration * 60_000) };
}
