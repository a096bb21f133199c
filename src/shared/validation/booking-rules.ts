import { isStartInPast, localToUtcIso, todayIn } from '../time';

/** Spec section 5 and 9: the player count. */
export const PLAYERS_MIN = 2;
export const PLAYERS_MAX = 200;
/** The plus button stops here (above PLAYERS_MAX the field shows the 'contact us' message). */
export const PLAYERS_PLUS_CAP = 250;
export const PLAYERS_MINUS_FLOOR = 2;
export const DEFAULT_PLAYERS = 8;

export const MESSAGES = {
  playersInvalid: 'Please enter a valid number between 2 and 200',
  playersTooFew: 'Please enter a minimum of 2 players',
  playersTooMany: 'Please contact us if you have more than 200 players',
  cityRequired: 'Please select a city to continue',
  invalidDateTime: 'Invalid date/time',
  dateInPast: 'Please choose a date that is not in the past',
  timeInPast: 'Please choose a meeting time in the future',
  dateRequired: 'Please choose a date',
  meetingTimeRequired: 'Please choose a meeting time',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  timezoneInvalid: 'Please choose a valid time zone',
  hostedNeedsHost: 'A hosted game needs the In-Person Host add-on or the Bespoke plan',
} as const;

/** The player field's text: null when valid, else the spec's message. Digits only. */
export function playerCountError(text: string): string | null {
  if (!/^\d+$/.test(text.trim())) return MESSAGES.playersInvalid;
  const n = Number(text.trim());
  if (n < PLAYERS_MIN) return MESSAGES.playersTooFew;
  if (n > PLAYERS_MAX) return MESSAGES.playersTooMany;
  return null;
}

/** Plus stops at 250, minus at 2. */
export function stepPlayers(current: number, direction: 1 | -1): number {
  if (direction === 1) return Math.min(PLAYERS_PLUS_CAP, current + 1);
  return Math.max(PLAYERS_MINUS_FLOOR, current - 1);
}

/** Text, an at sign, text, a dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | null {
  if (value.trim() === '') return MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return MESSAGES.emailInvalid;
  return null;
}

export function isValidMeetingTime(t: { hour: number; minute: number } | null | undefined): t is { hour: number; minute: number } {
  return !!t && Number.isInteger(t.hour) && Number.isInteger(t.minute) && t.hour >= 0 && t.hour <= 23 && t.minute >= 0 && t.minute <= 59;
}

/**
 * The game's date and time: the date is required and not in the past (in the game's zone), the meeting
 * time is required, and together they must make a real moment in that zone ('Invalid date/time') that has
 * not passed yet (today's date with a meeting time already gone is refused too).
 */
export function dateTimeError(
  date: string | null | undefined,
  time: { hour: number; minute: number } | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  if (!date) return MESSAGES.dateRequired;
  if (!time) return MESSAGES.meetingTimeRequired;
  if (!isValidMeetingTime(time)) return MESSAGES.invalidDateTime;
  const utc = localToUtcIso(date, time, timeZone);
  if (!utc) return MESSAGES.invalidDateTime;
  if (date < todayIn(timeZone, now)) return MESSAGES.dateInPast;
  if (isStartInPast(utc, now)) return MESSAGES.timeInPast;
  return null;
}

/** 'How did you find out about us?' (spec section 2, step 3). A value outside the list counts as Other. */
export const REFERRAL_SOURCES = [
  'Google search',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'TikTok',
  'Word of mouth',
  'A hatch event',
  'A hatch team member',
  'Other',
] as const;

export const MAX_TEXT = 200;

/**
 * dateTimeError as 422 field errors: a missing or past date, or a date that is not a real day, under
 * `date`; a missing meeting time, a moment that does not exist in the zone or a meeting time already
 * passed today under `meeting_time`.
 * Null when valid. The server answers with these; the wizard may show them beside the same fields.
 */
export function dateTimeFieldErrors(
  date: string | null | undefined,
  time: { hour: number; minute: number } | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): Record<string, string[]> | null {
  const message = dateTimeError(date, time, timeZone, now);
  if (!message) return null;
  if (message === MESSAGES.dateRequired || message === MESSAGES.dateInPast) return { date: [message] };
  if (message === MESSAGES.invalidDateTime && date && !localToUtcIso(date, { hour: 12, minute: 0 }, 'UTC')) return { date: [message] };
  return { meeting_time: [message] };
}
