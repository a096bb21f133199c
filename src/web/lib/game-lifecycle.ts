import type { AdminBooking } from '../../shared/api/booking';
import type { ConsoleResponse } from '../../shared/api/host';
import { resumeRefusal, startRefusal, type LifecycleRefusal } from '../../shared/lifecycle/game-states';
import { meetingInstant } from '../../shared/meeting-time';

/**
 * Start Game and Resume Game as the server decides them (src/shared/lifecycle/game-states.ts), for the staff detail
 * page and the host console: null when allowed, else the refusal whose message the disabled button points to.
 */
export type GameActions = { start: LifecycleRefusal | null; resume: LifecycleRefusal | null };

const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

export function gameLifecycleOf(booking: AdminBooking, now: Date): GameActions {
  const game = booking.game;
  const state = game ? game.status : null;
  const meetingAt = meetingInstant({ utcDateTime: booking.utcDateTime, date: booking.date, meetingTime: booking.meeting_time, timezone: booking.timezone });
  return {
    start: startRefusal({ state, bookingStatus: booking.booking_status, meetingAt: meetingAt ?? new Date(Number.NaN), timeZone: booking.timezone, now }),
    resume: resumeRefusal({ state, endedAt: date(game?.ended_at), endsAt: date(game?.booked_end_at), timeZone: booking.timezone, now }),
  };
}

/**
 * The console's snapshot: its game may have moved on by stream events since it was loaded, so an ended game's end is
 * the game's own `ends_at` (the end time once ended), and its booked end what the snapshot last knew.
 */
export function consoleLifecycleOf(snapshot: ConsoleResponse, now: Date): GameActions {
  const { game, lifecycle } = snapshot;
  const state = game.status;
  const meetingAt = date(lifecycle.meeting_at);
  return {
    start: startRefusal({
      state,
      bookingStatus: lifecycle.paid ? 'paid' : 'lead',
      meetingAt: meetingAt ?? new Date(Number.NaN),
      timeZone: lifecycle.timezone,
      now,
    }),
    resume: resumeRefusal({
      state,
      endedAt: state === 'ended' ? date(game.ends_at ?? lifecycle.ended_at) : null,
      endsAt: date(lifecycle.booked_end_at),
      timeZone: lifecycle.timezone,
      now,
    }),
  };
}
