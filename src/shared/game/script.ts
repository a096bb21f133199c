import { z } from 'zod';

/**
 * The game script (issue 40, decision 0585): steps planned at a time relative to the start or the end of the game,
 * each run once by the server. Every "when" is game time: the time the game has been live, so the minutes a game
 * stood ended before a Resume (the only pause the lifecycle has: End by hand, then Resume within 30 minutes) do not
 * count, and every step still to come moves by the length of the pause. One rule for the runner that decides, the
 * booker's and the host's screens that explain, and the tests.
 */

export const SCRIPT_ANCHORS = ['start', 'end'] as const;
export type ScriptAnchor = (typeof SCRIPT_ANCHORS)[number];

export const SCRIPT_ACTIONS = ['message', 'open_challenge', 'close_challenge', 'double_points', 'shrink_area', 'release_station'] as const;
export type ScriptAction = (typeof SCRIPT_ACTIONS)[number];

export const SCRIPT_ACTION_LABELS: Readonly<Record<ScriptAction, string>> = {
  message: 'Send a message',
  open_challenge: 'Open a challenge',
  close_challenge: 'Close a challenge',
  double_points: 'Double a challenge’s points',
  shrink_area: 'Shrink the area',
  release_station: 'Release an item station',
};

/** A step may be planned up to this long after the start or before the end (a game is booked for hours, not days). */
export const MAX_OFFSET_MINUTES = 24 * 60;
export const MAX_DOUBLE_MINUTES = 240;
export const MIN_SHRINK_RADIUS_M = 50;
export const MAX_STEPS = 50;
export const SCRIPT_TEXT_MAX = 500;

export const SCRIPT_MESSAGES = {
  textRequired: 'Write the message to send',
  textTooLong: `A message is at most ${SCRIPT_TEXT_MAX} characters`,
  challengeRequired: 'Pick a challenge',
  challengeNotInGame: 'This challenge is not part of this game',
  stationRequired: 'Pick an item station',
  stationNotInGame: 'This item station is not part of this game',
  radiusRequired: `Give the new radius in metres (at least ${MIN_SHRINK_RADIUS_M})`,
  minutesRequired: `Give how long the points are doubled, 1 to ${MAX_DOUBLE_MINUTES} minutes`,
  offsetRange: `A step is at most ${MAX_OFFSET_MINUTES} minutes from the start or the end`,
  tooMany: `A script has at most ${MAX_STEPS} steps`,
  stepNotFound: 'Step not found',
  alreadyRan: 'This step has already run',
  gameOver: 'The game is over: its script has run',
  challengeClosed: 'This challenge is not open right now',
  gameStarted: 'The game has started: its host changes the script now',
  stationInTemplate: 'Item stations belong to one game: plan their release on that game',
} as const;

const wholeMinutes = z.number().int(SCRIPT_MESSAGES.offsetRange).min(0, SCRIPT_MESSAGES.offsetRange).max(MAX_OFFSET_MINUTES, SCRIPT_MESSAGES.offsetRange);

/** One step as the booker, the host and staff plan it; what an action needs is checked by `stepProblems`. */
export const scriptStepInput = z.object({
  anchor: z.enum(SCRIPT_ANCHORS),
  offset_minutes: wholeMinutes,
  action: z.enum(SCRIPT_ACTIONS),
  text: z.string().trim().max(SCRIPT_TEXT_MAX, SCRIPT_MESSAGES.textTooLong).nullish(),
  challenge_id: z.number().int().positive().nullish(),
  station_id: z.number().int().positive().nullish(),
  radius_m: z.number().int(SCRIPT_MESSAGES.radiusRequired).min(MIN_SHRINK_RADIUS_M, SCRIPT_MESSAGES.radiusRequired).nullish(),
  minutes: z
    .number()
    .int(SCRIPT_MESSAGES.minutesRequired)
    .min(1, SCRIPT_MESSAGES.minutesRequired)
    .max(MAX_DOUBLE_MINUTES, SCRIPT_MESSAGES.minutesRequired)
    .nullish(),
});
export type ScriptStepInput = z.infer<typeof scriptStepInput>;

/** What an action needs, as 422 field errors (empty: the step is complete). */
export function stepProblems(step: ScriptStepInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok) errors[field] = [message];
  };
  switch (step.action) {
    case 'message':
      need(Boolean(step.text), 'text', SCRIPT_MESSAGES.textRequired);
      break;
    case 'open_challenge':
    case 'close_challenge':
      need(step.challenge_id != null, 'challenge_id', SCRIPT_MESSAGES.challengeRequired);
      break;
    case 'double_points':
      need(step.challenge_id != null, 'challenge_id', SCRIPT_MESSAGES.challengeRequired);
      need(step.minutes != null, 'minutes', SCRIPT_MESSAGES.minutesRequired);
      break;
    case 'shrink_area':
      need(step.radius_m != null, 'radius_m', SCRIPT_MESSAGES.radiusRequired);
      break;
    case 'release_station':
      need(step.station_id != null, 'station_id', SCRIPT_MESSAGES.stationRequired);
      break;
  }
  return errors;
}

/** The instance facts the clock reads: when it went live, the pauses so far, its (moving) booked end, its status. */
export type ScriptClock = { status: string; startTime: Date; endsAt: Date | null; endTime: Date | null; pausedMs: number };

/** The booked length of the game in game time (ends_at moves by each pause, so this stays the booked duration). */
export function gameLengthMs(clock: ScriptClock): number | null {
  if (!clock.endsAt) return null;
  return Math.max(0, clock.endsAt.getTime() - clock.startTime.getTime() - clock.pausedMs);
}

/** How long the game has been live at `now`: wall time since the start without the pauses, frozen while it stands ended. */
export function gameTimeMs(clock: ScriptClock, now: Date): number {
  const upTo = clock.status === 'ended' && clock.endTime ? Math.min(now.getTime(), clock.endTime.getTime()) : now.getTime();
  return Math.max(0, upTo - clock.startTime.getTime() - clock.pausedMs);
}

/** The game time a step is due at: its minutes after the start, or before the booked end (never before the start). */
export function stepGameOffsetMs(step: { anchor: ScriptAnchor; offset_minutes: number }, lengthMs: number): number {
  const offset = step.offset_minutes * 60_000;
  return step.anchor === 'start' ? offset : Math.max(0, lengthMs - offset);
}

/**
 * When a step is due on the wall clock as things stand (a later pause moves it again), or null when the game is not
 * live or has no booked end. A step planned after the booked end is never due: the game is over by then.
 */
export function stepDueAt(step: { anchor: ScriptAnchor; offset_minutes: number }, clock: ScriptClock): Date | null {
  if (clock.status !== 'live') return null;
  const length = gameLengthMs(clock);
  if (length === null) return null;
  const offset = stepGameOffsetMs(step, length);
  if (offset > length) return null;
  return new Date(clock.startTime.getTime() + clock.pausedMs + offset);
}

/** Whether a step should run at `now`: the game is live, inside its booked time, and the step's game time has come. */
export function isStepDue(step: { anchor: ScriptAnchor; offset_minutes: number }, clock: ScriptClock, now: Date): boolean {
  const due = stepDueAt(step, clock);
  if (!due || !clock.endsAt) return false;
  return now.getTime() >= due.getTime() && now.getTime() < clock.endsAt.getTime();
}

/** The pauses after a Resume at `now` of a game that stood ended since `endedAt`. */
export function pausedAfterResume(pausedMs: number, endedAt: Date, now: Date): number {
  return pausedMs + Math.max(0, now.getTime() - endedAt.getTime());
}

/** A step that touches a challenge, as far as the challenge's state goes. */
export type ChallengeStep = { action: ScriptAction; challenge_id: number | null; ran_at: Date | null; minutes: number | null };

/**
 * Whether a challenge is open at `at`: the last open or close step that ran by then decides; before any ran, a
 * challenge the script opens later is closed, every other one open.
 */
export function challengeOpenAt(steps: readonly ChallengeStep[], challengeId: number, at: Date): boolean {
  const mine = steps.filter((s) => s.challenge_id === challengeId && (s.action === 'open_challenge' || s.action === 'close_challenge'));
  const ran = mine.filter((s) => s.ran_at && s.ran_at.getTime() <= at.getTime()).sort((a, b) => (a.ran_at?.getTime() ?? 0) - (b.ran_at?.getTime() ?? 0));
  const last = ran[ran.length - 1];
  if (last) return last.action === 'open_challenge';
  return !mine.some((s) => s.action === 'open_challenge');
}

/** Whether an answer made at `at` to a challenge earns double points: a double step ran at most its minutes before. */
export function isDoubledAt(steps: readonly ChallengeStep[], challengeId: number, at: Date): boolean {
  return steps.some(
    (s) =>
      s.action === 'double_points' &&
      s.challenge_id === challengeId &&
      s.ran_at !== null &&
      s.ran_at.getTime() <= at.getTime() &&
      at.getTime() < s.ran_at.getTime() + (s.minutes ?? 0) * 60_000,
  );
}

/**
 * The template that ships with the default challenges (staff may replace it): challenge steps name a default
 * challenge, resolved to its id when a game takes the template; a game without that challenge leaves the step out.
 */
export type TemplateStep = Omit<ScriptStepInput, 'challenge_id' | 'station_id'> & { challenge_name?: string };
export const DEFAULT_SCRIPT_TEMPLATE: readonly TemplateStep[] = [
  { anchor: 'start', offset_minutes: 0, action: 'message', text: 'The hunt is on! Your challenges are open: find the Chicken before time runs out.' },
  { anchor: 'start', offset_minutes: 15, action: 'open_challenge', challenge_name: 'Chicken Dance in Public' },
  { anchor: 'start', offset_minutes: 15, action: 'message', text: 'New challenge unlocked: Chicken Dance in Public.' },
  { anchor: 'start', offset_minutes: 30, action: 'double_points', challenge_name: 'Team Selfie with a Landmark', minutes: 15 },
  { anchor: 'start', offset_minutes: 30, action: 'message', text: 'Double points on Team Selfie with a Landmark for the next 15 minutes!' },
  { anchor: 'end', offset_minutes: 15, action: 'message', text: '15 minutes left! Send your last answers and close in on the Chicken.' },
];
