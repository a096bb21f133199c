import { z } from 'zod';
import { hintsSchema } from '../game/hints';
import { hasNoNul, isOneLine, NUL_MESSAGE, ONE_LINE_MESSAGE } from './text-rules';
import { placeSchema, PLACE_MESSAGES } from '../game/places';
import { ACCEPTED_ANSWER_MAX_LENGTH, ACCEPTED_ANSWERS_MAX } from '../game/answers';
import { MEDIA_KINDS, type MediaKind } from '../media';
import { translationsSchema } from '../i18n/content-schema';

/** Spec section 3 and 9: challenge types, spice levels and the defaults of a new challenge. */
export const CHALLENGE_TYPES = ['Rating', 'Tally', 'RightWrong'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

export const SPICE_LEVELS = ['Mild', 'Medium', 'Spicy'] as const;
export type SpiceLevel = (typeof SPICE_LEVELS)[number];

/** What the "Answer with" choice shows, per media kind. */
export const ANSWER_MEDIA_LABELS: Record<MediaKind, string> = { photo: 'Photo', video: 'Video' };

/** What the type selector shows: RightWrong is labelled 'All or nothing' (spec, Challenge form). */
export const CHALLENGE_TYPE_LABELS: Record<ChallengeType, string> = {
  Rating: 'Rating',
  Tally: 'Tally',
  RightWrong: 'All or nothing',
};

/** The hint under the type selector, per type. */
export const CHALLENGE_TYPE_HINTS: Record<ChallengeType, string> = {
  Rating: 'Rated out of 5: a 5 gives the max score, lower ratings give a proportional share.',
  RightWrong: 'Right or wrong: all or nothing. A right answer gives the max score, a wrong one gives 0.',
  Tally: 'More submissions, more points: each submission gives the points per submission, up to the max score.',
};

/** Spice level → number of chili icons (1 to 3). */
export const SPICE_CHILIS: Record<SpiceLevel, number> = { Mild: 1, Medium: 2, Spicy: 3 };

export const MAX_SCORE_STEP = 5;
export const MAX_SCORE_LIMIT = 10_000;
export const MAX_SUBMISSIONS_LIMIT = 1_000;
export const CHALLENGE_NAME_MAX = 200;
export const CHALLENGE_DESCRIPTION_MAX = 5_000;
export const REGION_CODE_MAX = 20;

export const CHALLENGE_DEFAULTS = {
  name: '',
  description: '',
  type: 'Rating',
  spice_level: 'Mild',
  is_active: true,
  max_score: 10,
  max_submissions: 1,
  points_per_submission: 1,
  region_code: '',
  answer_media: 'photo',
  live_capture: false,
} as const satisfies Record<string, unknown>;

export const CHALLENGE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CHALLENGE_NAME_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${CHALLENGE_DESCRIPTION_MAX} characters`,
  typeInvalid: 'Please choose a challenge type',
  spiceInvalid: 'Please choose a spice level',
  maxScoreRequired: 'Max score is required',
  maxScoreMin: 'Max score cannot be less than 0',
  maxScoreMax: `Max score cannot be more than ${MAX_SCORE_LIMIT}`,
  maxScoreWhole: 'Max score must be a whole number',
  maxSubmissionsRequired: 'Max submissions is required',
  maxSubmissionsMin: 'Max submissions must be at least 1',
  maxSubmissionsMax: `Max submissions cannot be more than ${MAX_SUBMISSIONS_LIMIT}`,
  maxSubmissionsWhole: 'Max submissions must be a whole number',
  pointsRequired: 'Points per submission required',
  pointsGreaterThanMax: 'Points per submission cannot be greater than max score',
  maxNotDivisible: 'Max score must be divisible by points per submission',
  pointsWhole: 'Points per submission must be a whole number',
  regionTooLong: `Region code must be at most ${REGION_CODE_MAX} characters`,
  acceptedOnlyRightWrong: 'Only All or nothing challenges take accepted answers',
  acceptedTooMany: `At most ${ACCEPTED_ANSWERS_MAX} accepted answers`,
  answerMediaInvalid: 'Please choose photo or video',
  acceptedTooLong: `An accepted answer has at most ${ACCEPTED_ANSWER_MAX_LENGTH} characters`,
  noNul: NUL_MESSAGE,
} as const;

export { hasNoNul };

/** The max score stepper: changes by 5 and never goes below 0. */
export function stepMaxScore(current: number, direction: 1 | -1): number {
  const base = Number.isFinite(current) ? current : 0;
  return Math.min(MAX_SCORE_LIMIT, Math.max(0, base + direction * MAX_SCORE_STEP));
}

/** An empty number field (NaN from the form, null or missing in JSON) counts as 'not given'. */
function emptyToUndefined(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  return value;
}

/**
 * The Tally rules (spec section 5): points per submission required and at least 1, not greater than the
 * max score, and the max score divisible by it. Returns the message or null.
 */
export function tallyPointsError(maxScore: number, points: number | null | undefined): string | null {
  if (points === null || points === undefined || !Number.isFinite(points) || points < 1) return CHALLENGE_MESSAGES.pointsRequired;
  if (points > maxScore) return CHALLENGE_MESSAGES.pointsGreaterThanMax;
  if (maxScore % points !== 0) return CHALLENGE_MESSAGES.maxNotDivisible;
  return null;
}

/** What of a challenge staff may translate (decision 0630): its title and description. */
export const CHALLENGE_TRANSLATED_FIELDS = ['name', 'description'] as const;
export type ChallengeTranslatedField = (typeof CHALLENGE_TRANSLATED_FIELDS)[number];

/** The translations of a title and description, each held to its English field's limits; a blank one is "not translated". */
export const challengeTranslationsSchema = translationsSchema({
  name: z
    .string()
    .trim()
    .max(CHALLENGE_NAME_MAX, CHALLENGE_MESSAGES.nameTooLong)
    .refine(hasNoNul, { message: CHALLENGE_MESSAGES.noNul, abort: true })
    .refine(isOneLine, ONE_LINE_MESSAGE),
  description: z.string().trim().max(CHALLENGE_DESCRIPTION_MAX, CHALLENGE_MESSAGES.descriptionTooLong).refine(hasNoNul, CHALLENGE_MESSAGES.noNul),
});

/**
 * One schema for the challenge form (react-hook-form + zodResolver) and for POST/PUT
 * /api/admin/challenges, so both sides give the same messages.
 */
export const challengeInputSchema = z
  .object({
    name: z
      .string({ message: CHALLENGE_MESSAGES.nameRequired })
      .trim()
      .min(1, CHALLENGE_MESSAGES.nameRequired)
      .max(CHALLENGE_NAME_MAX, CHALLENGE_MESSAGES.nameTooLong)
      // A NUL is told with its own message only (it is also a control character).
      .refine(hasNoNul, { message: CHALLENGE_MESSAGES.noNul, abort: true })
      .refine(isOneLine, ONE_LINE_MESSAGE),
    description: z
      .string({ message: CHALLENGE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, CHALLENGE_MESSAGES.descriptionRequired)
      .max(CHALLENGE_DESCRIPTION_MAX, CHALLENGE_MESSAGES.descriptionTooLong)
      .refine(hasNoNul, CHALLENGE_MESSAGES.noNul),
    type: z.enum(CHALLENGE_TYPES, { message: CHALLENGE_MESSAGES.typeInvalid }).default(CHALLENGE_DEFAULTS.type),
    spice_level: z.enum(SPICE_LEVELS, { message: CHALLENGE_MESSAGES.spiceInvalid }).default(CHALLENGE_DEFAULTS.spice_level),
    is_active: z.boolean().default(CHALLENGE_DEFAULTS.is_active),
    max_score: z
      .number({ message: CHALLENGE_MESSAGES.maxScoreRequired })
      .int(CHALLENGE_MESSAGES.maxScoreWhole)
      .min(0, CHALLENGE_MESSAGES.maxScoreMin)
      .max(MAX_SCORE_LIMIT, CHALLENGE_MESSAGES.maxScoreMax)
      .default(CHALLENGE_DEFAULTS.max_score),
    max_submissions: z
      .number({ message: CHALLENGE_MESSAGES.maxSubmissionsRequired })
      .int(CHALLENGE_MESSAGES.maxSubmissionsWhole)
      .min(1, CHALLENGE_MESSAGES.maxSubmissionsMin)
      .max(MAX_SUBMISSIONS_LIMIT, CHALLENGE_MESSAGES.maxSubmissionsMax)
      .default(CHALLENGE_DEFAULTS.max_submissions),
    /** Only Tally uses it; other types may leave it empty (stored as the default, 1). */
    points_per_submission: z.preprocess(
      emptyToUndefined,
      z
        .number({ message: CHALLENGE_MESSAGES.pointsRequired })
        .int(CHALLENGE_MESSAGES.pointsWhole)
        .min(0, CHALLENGE_MESSAGES.pointsRequired)
        .max(MAX_SCORE_LIMIT)
        .optional(),
    ),
    region_code: z
      .string()
      .trim()
      .max(REGION_CODE_MAX, CHALLENGE_MESSAGES.regionTooLong)
      .refine(hasNoNul, CHALLENGE_MESSAGES.noNul)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Where the answer must be sent from (issue 29, decision 0440); null: anywhere. */
    location: placeSchema.nullish().transform((v) => v ?? null),
    hidden_until_near: z.boolean().default(false),
    check_in: z.boolean().default(false),
    /** A media answer is a photo or a video (decision 0422); the phone offers the camera only when live (0423). */
    answer_media: z.enum(MEDIA_KINDS, { message: CHALLENGE_MESSAGES.answerMediaInvalid }).default(CHALLENGE_DEFAULTS.answer_media),
    live_capture: z.boolean().default(CHALLENGE_DEFAULTS.live_capture),
    /** Right/wrong only: text answers matching one are approved at once (decision 0441). Blank lines are dropped. */
    accepted_answers: z
      .array(z.string().trim().max(ACCEPTED_ANSWER_MAX_LENGTH, CHALLENGE_MESSAGES.acceptedTooLong).refine(hasNoNul, CHALLENGE_MESSAGES.noNul))
      .max(ACCEPTED_ANSWERS_MAX, CHALLENGE_MESSAGES.acceptedTooMany)
      .default([])
      .transform((list) => list.filter((a) => a !== '')),
    /** Up to three hints, shown after a time or on request for points (decision 0581). */
    hints: hintsSchema.default([]),
    /** The title and description in other languages (decision 0630); absent: none for a new one, kept on an edit. */
    translations: challengeTranslationsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.check_in && !value.location) ctx.addIssue({ code: 'custom', path: ['location'], message: PLACE_MESSAGES.checkInNeedsPlace });
    if (value.accepted_answers.length > 0 && value.type !== 'RightWrong')
      ctx.addIssue({ code: 'custom', path: ['accepted_answers'], message: CHALLENGE_MESSAGES.acceptedOnlyRightWrong });
    if (value.type !== 'Tally') return;
    const message = tallyPointsError(value.max_score, value.points_per_submission);
    if (message) ctx.addIssue({ code: 'custom', path: ['points_per_submission'], message });
  });

export type ChallengeInput = z.input<typeof challengeInputSchema>;
export type ChallengeValues = z.output<typeof challengeInputSchema>;
