export { createBooking, createPaidBooking, type BookingInsert } from '../../scripts/booking-rows';
import { utcToLocal } from '../../src/shared/time';

/**
 * A date and meeting time whose game may be started now (the start window opens 2 hours before the meeting, decision
 * 0295): the meeting `minutesAhead` from now, to the minute, in `timezone`. Spread into createBooking's overrides.
 */
export function startableSchedule(options: { now?: Date; minutesAhead?: number; timezone?: string } = {}) {
  const timezone = options.timezone ?? 'Europe/London';
  const now = options.now ?? new Date();
  const meeting = new Date(Math.floor((now.getTime() + (options.minutesAhead ?? 60) * 60_000) / 60_000) * 60_000);
  const local = utcToLocal(meeting.toISOString(), timezone);
  if (!local) throw new Error(`no local time in ${timezone}`);
  return { utcDateTime: meeting, date: local.date, meetingTime: local.time, timezone };
}
