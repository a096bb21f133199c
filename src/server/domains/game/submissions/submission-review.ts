import type { Db, DbOrTx } from '../../../platform/db/client';
import { recordGameOutsideEvent } from '../outside-events';
import { recordActivity } from '../../identity';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { lockTeam, refreshTeamPoints } from '../team-points';
import { teamScoreById } from '../game-state';
import { publishGameEvent } from '../game-events';
import { publishTeams } from '../game-lifecycle';
import { publishFeedChange } from '../showcase/feed';
import type { TeamSubmission } from '../../../../shared/api/play-challenges';
import { REVIEW_MESSAGES, type ReviewResponse, type ReviewSubmission } from '../../../../shared/api/submissions';
import type { Pagination } from '../../../../shared/api/common';
import { urlOf } from '../../../../shared/api/endpoint';
import { adminSubmissionsEndpoints } from '../../../../shared/api/endpoints/admin-review';
import { hostReviewEndpoints, playChallengesEndpoints } from '../../../../shared/api/endpoints/play-challenges';
import { allocatePoints, rawPoints, type ChallengeRule, type SubmissionStatus, type Verdict } from '../../../../shared/scoring/challenge-points';
import { reviewOptions } from '../../../../shared/scoring/review-options';
import {
  findChallengeRule,
  findReviewRow,
  listReviewRows,
  lockSubmission,
  findSubmissionRef,
  setPointsAwarded,
  submissionsOfTeamChallenge,
  updateReview,
  type ReviewRow,
  type SubmissionFilters,
  type SubmissionRow,
} from './submissions-repository';

/**
 * The review queue's rules, shared by the staff routes (domains/game/admin-submissions) and the host's routes of the live
 * game: list, approve / rate / reject, and the photo (decision 0243). `photoUrl` says where the caller's own
 * photo route is; staff by default.
 */
export type PhotoUrl = (submissionId: number) => string;
export const staffPhotoUrl: PhotoUrl = (id) => urlOf(adminSubmissionsEndpoints.media, { id });

/** Where a player (or its team) fetches a submission's photo or video. */
export const playerPhotoUrl =
  (code: string): PhotoUrl =>
  (id) =>
    urlOf(playChallengesEndpoints.media, { code, id });

/** The media's address (its kind is the submission's). */
function mediaUrls(s: Pick<SubmissionRow, 'id' | 'mediaKey'>, url: PhotoUrl) {
  return { media_url: s.mediaKey ? url(s.id) : null };
}

/** Where the host console fetches a submission's photo or video (its review queue, its feed). */
export const hostPhotoUrl =
  (code: string): PhotoUrl =>
  (id) =>
    urlOf(hostReviewEndpoints.media, { code, id });

/**
 * Tells staff's screens (the host console's review queue) of a submission as they review it, new or reviewed, so the
 * console puts it in its queue instead of fetching the queue again (issue 36). Staff only: it carries the accepted
 * answers and who reviewed (the team's own `submission` event carries what the team may see).
 */
export async function publishReviewForStaff(tx: DbOrTx, submissionId: number): Promise<void> {
  const row = await findReviewRow(tx, submissionId);
  if (!row) return;
  await publishGameEvent(tx, {
    gameId: row.gameId,
    instanceId: row.submission.instanceId,
    type: 'submission',
    data: { review: toDto(row, hostPhotoUrl(row.gameCode)) },
    meta: { teamId: row.submission.teamId, staffOnly: true },
  });
}

/** A submission as its own team sees it (the player app, the `submission` stream event; issue 14). */
export function teamSubmissionDto(s: SubmissionRow, gameCode: string): TeamSubmission {
  return {
    id: s.id,
    challenge_id: s.challengeId ?? 0,
    kind: s.kind,
    text: s.textAnswer,
    count: s.count,
    ...mediaUrls(s, playerPhotoUrl(gameCode)),
    status: s.status,
    rating: s.rating,
    points_awarded: s.pointsAwarded,
    reason: s.reason,
    submitted_at: s.submittedAt.toISOString(),
    reviewed_at: s.reviewedAt?.toISOString() ?? null,
    doubled: s.doubled,
  };
}

function toDto(row: ReviewRow, photoUrl: PhotoUrl): ReviewSubmission {
  const s = row.submission;
  const c = row.challenge;
  return {
    id: s.id,
    game_code: row.gameCode,
    booking_name: row.bookingName,
    instance_id: s.instanceId,
    instance_status: row.instanceStatus,
    team: { id: s.teamId, name: row.teamName },
    challenge: c
      ? {
          id: c.id,
          name: c.name,
          description: c.description,
          type: c.type,
          max_score: c.maxScore,
          max_submissions: c.maxSubmissions,
          points_per_submission: c.pointsPerSubmission,
          accepted_answers: c.acceptedAnswers,
        }
      : null,
    kind: s.kind,
    text: s.textAnswer,
    count: s.count,
    ...mediaUrls(s, photoUrl),
    status: s.status,
    rating: s.rating,
    points_awarded: s.pointsAwarded,
    reviewer: s.reviewerId !== null && row.reviewerName !== null ? { id: s.reviewerId, name: row.reviewerName } : null,
    reason: s.reason,
    reviewed_at: s.reviewedAt?.toISOString() ?? null,
    submitted_at: s.submittedAt.toISOString(),
  };
}

export async function listSubmissions(
  db: Db,
  filters: SubmissionFilters,
  page: { page: number; perPage: number },
  photoUrl: PhotoUrl = staffPhotoUrl,
): Promise<{ submissions: ReviewSubmission[]; pagination: Pagination }> {
  const { rows, total } = await listReviewRows(db, filters, page);
  return {
    submissions: rows.map((row) => toDto(row, photoUrl)),
    pagination: { current_page: page.page, per_page: page.perPage, total, last_page: Math.max(1, Math.ceil(total / page.perPage)) },
  };
}

const ACTIONS: Record<Verdict['kind'], string> = { approve: 'submission.approve', rate: 'submission.rate', reject: 'submission.reject' };
const STATUS_OF: Record<Verdict['kind'], SubmissionStatus> = { approve: 'approved', rate: 'approved', reject: 'rejected' };

/**
 * Approves, rates or rejects one submission. In one transaction: the submission and its team are locked, the
 * points of every submission of that team and challenge are re-divided under the cap (shared/scoring), the team's
 * points are recomputed, and the activity log says who decided what and why. Reviewing again replaces the verdict.
 */
export async function reviewSubmission(
  // A transaction too: an answer approved without a host is reviewed inside its own submission's (a savepoint).
  db: DbOrTx,
  // null: approved without a host (an accepted answer or a check-in, decisions 0440, 0441).
  actorId: number | null,
  id: number,
  verdict: Verdict,
  reason: string | null = null,
  photoUrl: PhotoUrl = staffPhotoUrl,
): Promise<ReviewResponse> {
  return db.transaction(async (tx) => {
    // The team first, then the submission: every writer of a team's submissions locks in this order (two
    // reviews of one team's submissions would otherwise each hold a row the other needs).
    const found = await findSubmissionRef(tx, id);
    if (!found) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const team = await lockTeam(tx, found.teamId);
    const submission = await lockSubmission(tx, id);
    if (!team || !submission) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    const challenge = submission.challengeId === null ? undefined : await findChallengeRule(tx, submission.challengeId);
    if (!challenge && verdict.kind !== 'reject') throw new ConflictError(REVIEW_MESSAGES.noChallenge);
    // What the review card offers is what the server accepts (shared/scoring/review-options.ts): no second Approve,
    // no second Reject, whoever sends it.
    const options = reviewOptions({ status: submission.status, challenge: challenge ? { type: challenge.type } : null });
    if (verdict.kind === 'approve' && options.scoring === 'approve' && !options.canApprove) throw new ConflictError(REVIEW_MESSAGES.alreadyApproved);
    if (verdict.kind === 'reject' && !options.canReject) throw new ConflictError(REVIEW_MESSAGES.alreadyRejected);

    let rating: number | null = null;
    if (challenge) {
      const rule: ChallengeRule = {
        type: challenge.type,
        max_score: challenge.maxScore,
        max_submissions: challenge.maxSubmissions,
        points_per_submission: challenge.pointsPerSubmission,
      };
      const raw = rawPoints(rule, verdict, submission.count);
      if (!raw.ok) throw ValidationError.field(verdict.kind === 'rate' ? 'rating' : 'submission', raw.message);
      rating = raw.rating;
      await updateReview(tx, id, { status: STATUS_OF[verdict.kind], rating, reviewerId: actorId, reason, reviewedAt: new Date() });
      const sent = await submissionsOfTeamChallenge(tx, submission.teamId, challenge.id);
      const points = allocatePoints(
        rule,
        sent.map((s) => ({ id: s.id, status: s.status, rating: s.rating, count: s.count, doubled: s.doubled })),
      );
      const changed = new Map([...points].filter(([sid, p]) => sent.find((s) => s.id === sid)?.pointsAwarded !== p));
      await setPointsAwarded(tx, changed);
    } else {
      await updateReview(tx, id, { status: 'rejected', rating: null, reviewerId: actorId, reason, reviewedAt: new Date(), pointsAwarded: 0 });
    }
    const teamAfter = await refreshTeamPoints(tx, submission.teamId);
    const score = await teamScoreById(tx, submission.teamId);
    const row = await findReviewRow(tx, id);
    if (!row || !score) throw new NotFoundError(REVIEW_MESSAGES.notFound);
    // The team hears its verdict, everyone the new points, once this commits (issue 14: leaderboards move live).
    await publishGameEvent(tx, {
      gameId: row.gameId,
      instanceId: submission.instanceId,
      type: 'submission',
      data: { submission: teamSubmissionDto(row.submission, row.gameCode), team: score },
      meta: { teamId: submission.teamId },
    });
    await publishReviewForStaff(tx, id);
    await recordGameOutsideEvent(tx, { id: row.gameId }, 'submission.reviewed', {
      submission: { id, team_id: submission.teamId, status: row.submission.status, points_awarded: row.submission.pointsAwarded },
      team: score,
    });
    await publishTeams(tx, row.gameId, submission.instanceId, row.bookedPlayers);
    // Every phone's activity feed and the big screen show an approved answer, and drop one no longer approved (0450).
    await publishFeedChange(tx, row.gameId, id);
    await recordActivity(tx, {
      actorId,
      action: ACTIONS[verdict.kind],
      entityType: 'submission',
      entityId: id,
      before: { status: submission.status, rating: submission.rating, points_awarded: submission.pointsAwarded, team_points: team.points },
      after: {
        status: row.submission.status,
        rating,
        points_awarded: row.submission.pointsAwarded,
        team_points: teamAfter.points,
        team: teamAfter.name,
        game_code: row.gameCode,
        ...(reason === null ? {} : { reason }),
      },
    });
    return { submission: toDto(row, photoUrl), team: score };
  });
}

/** The key of a submission's photo or video, for staff (the caller opens it from storage). */
export async function submissionMediaKey(db: Db, id: number): Promise<string> {
  const row = await findSubmissionRef(db, id);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (!row.mediaKey) throw new NotFoundError(REVIEW_MESSAGES.noPhoto);
  return row.mediaKey;
}
