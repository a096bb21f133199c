import type { ChallengeType } from '../validation/challenge-rules';
import { CHALLENGE_SCORING, type SubmissionStatus } from './challenge-points';

/**
 * What a reviewer may do with one submission, the same on the staff queue and the host console: a Rating challenge
 * is scored with a rating (again, to change it), any other with Approve (not twice); Reject stands until rejected.
 * A submission whose challenge was deleted can only be rejected (the server refuses to score it).
 */
export type ReviewOptions = { scoring: 'rate' | 'approve' | null; canApprove: boolean; canReject: boolean };

export function reviewOptions(submission: { status: SubmissionStatus; challenge: { type: ChallengeType } | null }): ReviewOptions {
  const scoring = submission.challenge === null ? null : CHALLENGE_SCORING[submission.challenge.type];
  return { scoring, canApprove: scoring === 'approve' && submission.status !== 'approved', canReject: submission.status !== 'rejected' };
}
