import { z } from 'zod';
import { idSchema } from './common';
import { translationsResponse } from '../i18n/content-schema';
import { MEDIA_KINDS } from '../media';
import { madeAtSchema } from '../game/made-at';
import { SUBMISSION_STATUSES } from '../scoring/challenge-points';
import { SUBMISSION_COUNT_MAX, SUBMISSION_TEXT_MAX, SUBMIT_MESSAGES } from '../game/submission-kinds';
import { leaderboardTeamSchema, teamScoreSchema } from './scoring';
import { GAME_STATUSES } from './play';
import { SUBMISSION_KINDS, challengeRuleShape, reviewSubmissionSchema, submissionContentShape } from './submissions';

/**
 * Challenges in play (issue 14, decisions 0270–0275): a team's challenge list with its submissions, the submit
 * calls (text or count as JSON, a photo as the raw image body), the host's review of its game, and after the game
 * the results and the album of approved photos.
 */

const id = idSchema;

/** One submission as its own team sees it. `media_url` is same-origin and needs the player token. */
export const teamSubmissionSchema = z.object({
  id: z.number().int(),
  challenge_id: z.number().int(),
  ...submissionContentShape,
  reason: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** Made while the game script doubled the challenge's points (decision 0585): the phone's own recount doubles it too. */
  doubled: z.boolean().optional(),
});
export type TeamSubmission = z.infer<typeof teamSubmissionSchema>;

export const playChallengeSchema = z.object({
  ...challengeRuleShape,
  /** What the challenge takes (shared/game/submission-kinds.ts), the first offered first. */
  kinds: z.array(z.enum(SUBMISSION_KINDS)),
  /** A photo or video must be taken now with the camera, not picked from the gallery (decision 0423). */
  live_capture: z.boolean(),
  /** Be there, nothing to send: scores on arrival (decision 0440). */
  check_in: z.boolean(),
  /** Where answers must be sent from; null without a place, or while a hidden place is not near (place_hidden). */
  location: z.object({ lat: z.number(), lng: z.number(), radius_m: z.number().int() }).nullable(),
  place_hidden: z.boolean(),
  /** Approved points so far (never above max_score). */
  points: z.number().int(),
  points_left: z.number().int(),
  /** How many more the team may send (rejected ones do not count). */
  submissions_left: z.number().int(),
  submissions: z.array(teamSubmissionSchema),
  /**
   * Only in the `challenges` event, which every phone of the game shares whatever its language: the title and
   * description in other languages, for the phone to pick its own (decision 0630). The list a player asks for is in
   * their language already.
   */
  translations: translationsResponse({ name: z.string(), description: z.string() }).optional(),
});
export type PlayChallenge = z.infer<typeof playChallengeSchema>;

export const playChallengesResponse = z.object({
  game_status: z.enum(GAME_STATUSES),
  team: teamScoreSchema.nullable(),
  /** True while the game is live and the caller is in a team. */
  can_submit: z.boolean(),
  challenges: z.array(playChallengeSchema),
});
export type PlayChallengesResponse = z.infer<typeof playChallengesResponse>;

/**
 * When an answer kept on the phone offline was made (issue 29, decision 0430): it counts at that time, so one made
 * before the game ended is taken after the end. Sent with an Idempotency-Key header made with the answer.
 */
const madeAt = madeAtSchema.optional();

export const submitBody = z.discriminatedUnion('kind', [
  z.object({
    challenge_id: id,
    made_at: madeAt,
    kind: z.literal('text'),
    text: z.string({ message: SUBMIT_MESSAGES.textRequired }).trim().min(1, SUBMIT_MESSAGES.textRequired).max(SUBMISSION_TEXT_MAX, SUBMIT_MESSAGES.textTooLong),
  }),
  z.object({
    challenge_id: id,
    made_at: madeAt,
    kind: z.literal('count'),
    count: z
      .number({ message: SUBMIT_MESSAGES.countRequired })
      .int(SUBMIT_MESSAGES.countRequired)
      .min(1, SUBMIT_MESSAGES.countRequired)
      .max(SUBMISSION_COUNT_MAX),
  }),
]);
export type SubmitBody = z.infer<typeof submitBody>;

/** The photo call's query: the image itself is the request body (image/jpeg, image/png or image/webp). */
export const photoSubmitQuery = z.object({ challenge_id: id, made_at: madeAt });
/** The media call's query (issue 29): the photo or video itself is the request body, judged by its bytes. */
export const mediaSubmitQuery = z.object({ challenge_id: id, kind: z.enum(MEDIA_KINDS), made_at: madeAt });
export const submitResponse = z.object({ submission: teamSubmissionSchema });

export const submissionIdParams = z.object({ code: z.string().trim().min(1).max(64), id });

/** The `submission` stream event, to the team only: its submission after a review. */
export const submissionEventData = z.object({ submission: teamSubmissionSchema, team: teamScoreSchema });

/**
 * The `challenges` stream event, to everyone in the game: the booker changed the game's challenges (issue 36). The
 * whole list in its order, each as a team that has sent nothing sees it (a hidden place hidden); a phone keeps its
 * own version of a challenge it already shows.
 */
/**
 * The staff-only `submission` event (issue 36): a submission as the review queue shows it, sent when it arrives and
 * when it is reviewed, so the host console puts it in its queue instead of fetching the queue again.
 */
export const reviewEventData = z.object({ review: reviewSubmissionSchema });

export const challengesEventData = z.object({ challenges: z.array(playChallengeSchema) });

// ---- Host review (the same rules as /admin/submissions, decision 0243) ----

export const hostSubmissionsQuery = z.object({ status: z.enum(SUBMISSION_STATUSES).optional() });
export const hostSubmissionsResponse = z.object({ submissions: z.array(reviewSubmissionSchema) });

// ---- After the game ----

export const resultsResponse = z.object({
  game: z.object({ code: z.string(), city: z.string(), ended_at: z.string().nullable() }),
  teams: z.array(leaderboardTeamSchema),
});
export type ResultsResponse = z.infer<typeof resultsResponse>;

export const albumPhotoSchema = z.object({
  id: z.number().int(),
  team_name: z.string(),
  challenge_name: z.string().nullable(),
  points_awarded: z.number().int(),
  submitted_at: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** The photo or video (byte ranges answered). */
  media_url: z.string(),
});
export type AlbumPhoto = z.infer<typeof albumPhotoSchema>;
export const albumResponse = z.object({ photos: z.array(albumPhotoSchema) });
