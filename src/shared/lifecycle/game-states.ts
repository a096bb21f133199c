import { formatDateTimeMinutes } from '../time';
import type { ErrorCode } from '../api/error-codes';
import type { Refusal, Trigger } from './actors';
import { hasPaid } from './booking-states';

/**
 * The game's state machine (docs/LIFECYCLE.md; decision 0220): not_started → lobby → live → ended, and back
 * to live when an accidental end is undone. The state is the status of the game's latest instance (`not_started`
 * before it has one). The server asks `gameTransition` before every instance status write; the admin's detail page
 * and the host console show the same refusals from the same functions, so a disabled button says what the server says.
 */

export const GAME_STATES = ['not_started', 'lobby', 'live', 'ended'] as const;
export type GameState = (typeof GAME_STATES)[number];

/** A game has started once it went live: 'Game Already Started'. A lobby is players waiting, not a start (0220). */
export const STARTED_STATES = ['live', 'ended'] as const satisfies readonly GameState[];
export const isStarted = (state: GameState | null): boolean => STARTED_STATES.some((s) => s === state);
/** Players are at the game: waiting in its lobby or playing. A host change then is an emergency: it hands the game over at once. */
export const IN_PLAY_STATES = ['lobby', 'live'] as const satisfies readonly GameState[];
export const isInPlay = (state: GameState | null): boolean => IN_PLAY_STATES.some((s) => s === state);

/** Whether a game's booked time has run out at `now` (the ticker, endDueGames, ends such a game within seconds). */
export const bookedTimeIsUp = (endsAt: Date | null, now: Date): boolean => endsAt !== null && endsAt <= now;

/**
 * Whether a game is being played at `now`: its instance is live and its booked time has not run out. Between the booked
 * end and the ticker's end the instance is still 'live' in the table but the game is over for play, so every player
 * action (a fix, a submission, a Chicken claim) and every "can I still…" answer asks this, never the status alone.
 */
export function isLiveNow(instance: { status: string; endsAt: Date | null } | null | undefined, now: Date): boolean {
  return instance?.status === 'live' && !bookedTimeIsUp(instance.endsAt, now);
}

export type GameTransitionName = 'open_lobby' | 'start' | 'end' | 'time_up' | 'resume';

export type GameTransition = { name: GameTransitionName; from: readonly GameState[]; to: GameState; by: readonly Trigger[]; what: string };

export const GAME_TRANSITIONS: readonly GameTransition[] = [
  {
    name: 'open_lobby',
    from: ['not_started'],
    to: 'lobby',
    by: ['player'],
    what: "A player opens the join page of a paid game or joins it: the lobby opens, its teams copied from the booker's list.",
  },
  {
    name: 'start',
    from: ['not_started', 'lobby'],
    to: 'live',
    by: ['staff', 'host'],
    what: 'Start Game, from 2 hours before the meeting time until 12 hours after it (START_WINDOW).',
  },
  { name: 'end', from: ['live'], to: 'ended', by: ['staff', 'host'], what: 'End Game by hand. The booking becomes completed.' },
  { name: 'time_up', from: ['live'], to: 'ended', by: ['ticker'], what: 'The booked duration has run out. The booking becomes completed.' },
  {
    name: 'resume',
    from: ['ended'],
    to: 'live',
    by: ['staff', 'host'],
    what: 'Resume Game within 30 minutes of an end by hand: the clock goes on from where it stopped. The booking is paid again.',
  },
];

/** Start Game is allowed from this long before the meeting time until this long after it (issue 19). */
export const START_WINDOW = { beforeMs: 2 * 60 * 60_000, afterMs: 12 * 60 * 60_000 } as const;
/** An ended game may be resumed for this long after its end. */
export const RESUME_WINDOW_MS = 30 * 60_000;

export const GAME_LIFECYCLE_MESSAGES = {
  alreadyStarted: 'Game already started',
  notPaid: 'The booking is not paid yet: record a payment first',
  noGame: 'No game associated with this booking',
  notEnded: 'Only an ended game can be resumed',
  noTimeLeft: 'This game ended at the end of its booked time: there is no time left to resume.',
} as const;

/** 'This game can be started from 21/11/2026 12:00 (Europe/London).' */
export function startsFromMessage(opensAt: Date, timeZone: string): string {
  return `This game can be started from ${formatDateTimeMinutes(opensAt, timeZone)} (${timeZone}).`;
}
/** 'This game could be started until 22/11/2026 02:00 (Europe/London): move its date to start it.' */
export function startClosedMessage(closesAt: Date, timeZone: string): string {
  return `This game could be started until ${formatDateTimeMinutes(closesAt, timeZone)} (${timeZone}): move its date to start it.`;
}
/** 'This game ended more than 30 minutes ago (at 21/11/2026 16:05, Europe/London): it can no longer be resumed.' */
export function resumeOverMessage(endedAt: Date, timeZone: string): string {
  return `This game ended more than ${RESUME_WINDOW_MS / 60_000} minutes ago (at ${formatDateTimeMinutes(endedAt, timeZone)}, ${timeZone}): it can no longer be resumed.`;
}

export function startWindow(meetingAt: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(meetingAt.getTime() - START_WINDOW.beforeMs), closesAt: new Date(meetingAt.getTime() + START_WINDOW.afterMs) };
}

const STATE_NAMES: Record<GameState, string> = { not_started: 'not started', lobby: 'in its lobby', live: 'live', ended: 'ended' };

/** Whether this trigger may move the game from one state to another (the state rule only; see the refusals below). */
export function gameTransition(from: GameState, to: GameState, by: Trigger): { ok: true; transition: GameTransition } | { ok: false; refusal: Refusal } {
  const candidates = GAME_TRANSITIONS.filter((t) => t.to === to && t.from.includes(from));
  const transition = candidates.find((t) => t.by.includes(by));
  if (transition) return { ok: true, transition };
  if (candidates.length)
    return {
      ok: false,
      refusal: { code: 'transition_not_allowed', message: `This change of a game is not yours to make (${candidates.map((t) => t.name).join(', ')}).` },
    };
  return { ok: false, refusal: { code: 'transition_not_allowed', message: `A game that is ${STATE_NAMES[from]} cannot become ${STATE_NAMES[to]}.` } };
}

/** A refusal the server answers as it is (status, code, message) and a screen shows as the reason of a disabled button. */
export type LifecycleRefusal = { status: 409 | 422; code: ErrorCode; message: string };

export type StartFacts = {
  /** The game's state, or null when the booking has no game. */
  state: GameState | null;
  bookingStatus: string;
  /** The meeting time as an instant (shared/meeting-time.ts meetingInstant). */
  meetingAt: Date;
  timeZone: string;
  now: Date;
};

/**
 * Why Start Game is refused now, or null when it may start. One rule for the admin's Start Game, the host console,
 * and both screens' disabled buttons. 'Game already started' covers a live or an ended game (a lobby is not a start).
 * A refusal with code `validation` is the 422 of 0190/0160 (no game, not paid); the others are 409s.
 */
export function startRefusal(f: StartFacts): LifecycleRefusal | null {
  if (isStarted(f.state)) return { status: 409, code: 'conflict', message: GAME_LIFECYCLE_MESSAGES.alreadyStarted };
  if (!hasPaid(f.bookingStatus)) return { status: 422, code: 'validation_failed', message: GAME_LIFECYCLE_MESSAGES.notPaid };
  if (f.state === null) return { status: 422, code: 'validation_failed', message: GAME_LIFECYCLE_MESSAGES.noGame };
  const { opensAt, closesAt } = startWindow(f.meetingAt);
  if (f.now < opensAt) return { status: 409, code: 'outside_start_window', message: startsFromMessage(opensAt, f.timeZone) };
  if (f.now > closesAt) return { status: 409, code: 'outside_start_window', message: startClosedMessage(closesAt, f.timeZone) };
  return null;
}

export type ResumeFacts = {
  state: GameState | null;
  /** When the instance ended (end_time), and when its booked time would have run out then (ends_at). */
  endedAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  now: Date;
};

/** Why Resume Game is refused now, or null when it may resume. */
export function resumeRefusal(f: ResumeFacts): LifecycleRefusal | null {
  if (f.state !== 'ended' || !f.endedAt) return { status: 409, code: 'transition_not_allowed', message: GAME_LIFECYCLE_MESSAGES.notEnded };
  if (f.now.getTime() - f.endedAt.getTime() >= RESUME_WINDOW_MS)
    return { status: 409, code: 'resume_window_over', message: resumeOverMessage(f.endedAt, f.timeZone) };
  if (timeLeftAtEnd(f.endedAt, f.endsAt) <= 0) return { status: 409, code: 'transition_not_allowed', message: GAME_LIFECYCLE_MESSAGES.noTimeLeft };
  return null;
}

/** The booked time that was left when the game ended (ms): what a resume gives back. */
export function timeLeftAtEnd(endedAt: Date, endsAt: Date | null): number {
  return endsAt ? Math.max(0, endsAt.getTime() - endedAt.getTime()) : 0;
}

/** When a game resumed now ends: the clock goes on from where it stopped. */
export function resumedEndsAt(now: Date, endedAt: Date, endsAt: Date | null): Date {
  return new Date(now.getTime() + timeLeftAtEnd(endedAt, endsAt));
}
