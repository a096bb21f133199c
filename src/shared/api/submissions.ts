import { z } from 'zod';
import { paginationSchema } from './common';
import { teamScoreSchema } from './scoring';
import { CHALLENGE_TYPES } from '../validation/challenge-rules';
import { MAX_RATING, SUBMISSION_STATUSES, type Verdict } from '../scoring/challenge-points';

/** The review queue of /admin/submissions (decision 0243). */
/** `check_in`: a team's arrival at a check-in challenge's place, nothing sent (decision 0440). */
export const SUBMISSION_KINDS = ['photo', 'text', 'count', 'check_in', 'video'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const REVIEW_MESSAGES = {
  reasonRequired: 'Please enter a reason',
  notFound: 'Submission not found',
  noChallenge: 'This submission’s challenge was deleted, so it cannot be scored',
  noPhoto: 'This submission has no photo',
  noMedia: 'This submission has no photo or video',
  alreadyApproved: 'This submission is already approved',
  alreadyRejected: 'This submission is already rejected',
} as const;

const gameCode = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.toUpperCase())
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const submissionsQuery = z.object({
  game: gameCode,
  status: z.enum(SUBMISSION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** A challenge as a player or a reviewer sees it: what it asks and how it scores. */
export const challengeRuleShape = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(CHALLENGE_TYPES),
  max_score: z.number().int(),
  max_submissions: z.number().int(),
  points_per_submission: z.number().int(),
};

/**
 * What a submission holds and what its review gave, the same for its team and for staff. `media_url` is the
 * same-origin address of its photo or video (the team's needs the player token; it answers byte ranges), or null; its
 * `kind` says which (issue 36: one name, media, where a photo-only `photo_url` stood beside it).
 */
export const submissionContentShape = {
  kind: z.enum(SUBMISSION_KINDS),
  text: z.string().nullable(),
  count: z.number().int().nullable(),
  media_url: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  rating: z.number().int().nullable(),
  points_awarded: z.number().int(),
};

export const reviewSubmissionSchema = z.object({
  id: z.number().int(),
  game_code: z.string(),
  booking_name: z.string().nullable(),
  instance_id: z.number().int(),
  instance_status: z.string(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  /** With the answers that are approved without a host, for the reviewer to see beside each one (decision 0441). */
  challenge: z.object({ ...challengeRuleShape, accepted_answers: z.array(z.string()) }).nullable(),
  ...submissionContentShape,
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  submitted_at: z.string(),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export const submissionsListResponse = z.object({ submissions: z.array(reviewSubmissionSchema), pagination: paginationSchema });

/** The reviewed submission and its team's new score (total it with shared/scoring/leaderboard.ts teamTotal). */
export const reviewResponse = z.object({
  submission: reviewSubmissionSchema,
  team: teamScoreSchema,
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

export const approveBody = z.object({}).strict();
export const rateBody = z.object({ rating: z.number().int('The rating must be a whole number from 0 to 5').min(0).max(MAX_RATING) });
export const rejectBody = z.object({ reason: z.string().trim().min(1, REVIEW_MESSAGES.reasonRequired).max(500) });

/** A reviewer's verdict as a screen sends it: the scoring verdict, a rejection with its reason (the reject body). */
export type ReviewVerdict = Exclude<Verdict, { kind: 'reject' }> | ({ kind: 'reject' } & z.output<typeof rejectBody>);

export const photoResponse = z.string().describe('The photo itself: image/jpeg, image/png or image/webp');
export const mediaResponse = z
  .string()
  .describe(
    'The photo or video itself (image/jpeg, image/png, image/webp, video/webm, video/mp4 or video/quicktime); a Range request answers 206 with that part',
  );
