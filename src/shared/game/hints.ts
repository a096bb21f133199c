import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from '../validation/text-rules';

/**
 * A challenge's hints (issue 40, decision 0581): up to three, each shown to every team after a time in the game
 * (game time: pauses do not count), or on a team's request for a points cost, or both (free after the time, earlier
 * for the cost). What a request charges is scoring's rule (shared/scoring/hint-cost.ts).
 */
export const HINTS_MAX = 3;
export const HINT_TEXT_MAX = 500;
export const HINT_AFTER_MAX_MINUTES = 24 * 60;
export const HINT_COST_MAX = 10_000;

export const HINT_MESSAGES = {
  textRequired: 'Please enter the hint',
  textTooLong: `Please use at most ${HINT_TEXT_MAX} characters`,
  tooMany: `A challenge has at most ${HINTS_MAX} hints`,
  afterWhole: `Minutes after the start: a whole number from 1 to ${HINT_AFTER_MAX_MINUTES}`,
  costWhole: `Points: a whole number from 0 to ${HINT_COST_MAX}`,
  howShown: 'Show the hint after some minutes, on request for points, or both',
  notFound: 'This challenge has no such hint',
  notYet: 'This hint opens later in the game and cannot be asked for',
  notLive: 'Hints can be taken while the game is live',
  noTeam: 'Join a team to take a hint',
} as const;

export const hintSchema = z
  .object({
    text: z
      .string({ message: HINT_MESSAGES.textRequired })
      .trim()
      .min(1, HINT_MESSAGES.textRequired)
      .max(HINT_TEXT_MAX, HINT_MESSAGES.textTooLong)
      .refine(hasNoNul, NUL_MESSAGE),
    /** Shown to every team this many minutes into the game; null: never by time. */
    after_minutes: z
      .number({ message: HINT_MESSAGES.afterWhole })
      .int(HINT_MESSAGES.afterWhole)
      .min(1, HINT_MESSAGES.afterWhole)
      .max(HINT_AFTER_MAX_MINUTES, HINT_MESSAGES.afterWhole)
      .nullable(),
    /** What a team pays to see it earlier, on request; null: not on request. */
    cost: z
      .number({ message: HINT_MESSAGES.costWhole })
      .int(HINT_MESSAGES.costWhole)
      .min(0, HINT_MESSAGES.costWhole)
      .max(HINT_COST_MAX, HINT_MESSAGES.costWhole)
      .nullable(),
  })
  .refine((h) => h.after_minutes !== null || h.cost !== null, { message: HINT_MESSAGES.howShown, path: ['after_minutes'] });
export type Hint = z.output<typeof hintSchema>;

export const hintsSchema = z.array(hintSchema).max(HINTS_MAX, HINT_MESSAGES.tooMany);

/** Whether the game's time (ms since the start, pauses left out) has reached the hint's time. */
export function hintReleasedByTime(hint: Pick<Hint, 'after_minutes'>, gameMs: number): boolean {
  return hint.after_minutes !== null && gameMs >= hint.after_minutes * 60_000;
}
