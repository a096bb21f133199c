import type { ChallengeType } from '../validation/challenge-rules';

/**
 * The spec's challenge rules, written once for the review queue, the leaderboard and the player app:
 * - Rating: rated out of 5, 5 gives max_score; points = round(max_score × rating / 5).
 * - RightWrong: all or nothing: approved gives max_score, rejected 0.
 * - Tally: points_per_submission for each item counted (a photo or text counts as one item).
 * Whatever the type, a team earns at most max_score from one challenge over all its submissions, and may send at
 * most max_submissions that are not rejected (decision 0240).
 */
export type ChallengeRule = {
  type: ChallengeType;
  max_score: number;
  max_submissions: number;
  points_per_submission: number;
};

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const MAX_RATING = 5;

/** How staff judge one submission. Rating challenges take a rating; the others an approval. */
export type Verdict = { kind: 'rate'; rating: number } | { kind: 'approve' } | { kind: 'reject' };

export const SCORING_MESSAGES = {
  ratingRange: 'The rating must be a whole number from 0 to 5',
  rateNeeded: 'Rating challenges are scored with a rating from 0 to 5',
  rateOnlyRating: 'Only Rating challenges take a rating; approve or reject this one',
  countNeeded: 'A count of at least 1 is needed for a Tally challenge',
  maxSubmissions: 'This challenge takes no more submissions from your team',
} as const;

export type RawPoints = { ok: true; points: number; rating: number | null } | { ok: false; message: string };

export function isValidRating(rating: number): boolean {
  return Number.isInteger(rating) && rating >= 0 && rating <= MAX_RATING;
}

/** Points one submission earns on its own, before the challenge's cap. `count` is the Tally's number of items. */
export function rawPoints(rule: ChallengeRule, verdict: Verdict, count: number | null = null): RawPoints {
  if (verdict.kind === 'reject') return { ok: true, points: 0, rating: null };
  if (CHALLENGE_SCORING[rule.type] === 'rate') {
    if (verdict.kind !== 'rate') return { ok: false, message: SCORING_MESSAGES.rateNeeded };
    if (!isValidRating(verdict.rating)) return { ok: false, message: SCORING_MESSAGES.ratingRange };
    return { ok: true, points: Math.round((rule.max_score * verdict.rating) / MAX_RATING), rating: verdict.rating };
  }
  if (verdict.kind === 'rate') return { ok: false, message: SCORING_MESSAGES.rateOnlyRating };
  // An approved submission: a new challenge type fails to compile here until it says what approval earns.
  switch (rule.type) {
    case 'Rating':
    case 'RightWrong':
      return { ok: true, points: rule.max_score, rating: null };
    case 'Tally': {
      const items = count ?? 1;
      if (!Number.isInteger(items) || items < 1) return { ok: false, message: SCORING_MESSAGES.countNeeded };
      return { ok: true, points: Math.min(rule.max_score, items * rule.points_per_submission), rating: null };
    }
    default: {
      const unknown: never = rule.type;
      throw new Error(`No scoring rule for challenge type ${String(unknown)}`);
    }
  }
}

/** How a submission of each challenge type is scored by its reviewer: rated out of MAX_RATING, or approved. */
export const CHALLENGE_SCORING: Record<ChallengeType, 'rate' | 'approve'> = { Rating: 'rate', Tally: 'approve', RightWrong: 'approve' };

/**
 * The points a submission is awarded: its raw points, cut so the team's total for the challenge never passes
 * max_score. `otherAwarded` is what the team's other approved submissions of the same challenge already hold.
 */
export function cappedPoints(rule: ChallengeRule, raw: number, otherAwarded: number): number {
  return Math.max(0, Math.min(raw, rule.max_score - otherAwarded));
}

/** Whether a team may send one more submission: rejected ones do not count against max_submissions. */
export function canSubmitMore(rule: ChallengeRule, statuses: readonly SubmissionStatus[]): boolean {
  return statuses.filter((s) => s !== 'rejected').length < rule.max_submissions;
}

/** What the team still can earn from the challenge, for the player's challenge list. */
export function pointsLeft(rule: ChallengeRule, awarded: number): number {
  return Math.max(0, rule.max_score - awarded);
}

/**
 * Where a team stands on one challenge, from its submissions to it: the points earned, what it can still earn and how
 * many more it may send. The server's challenge list and the phone's live update of it both use this.
 */
export function challengeProgress(
  rule: ChallengeRule,
  submissions: readonly { status: SubmissionStatus; points_awarded: number }[],
): { points: number; points_left: number; submissions_left: number } {
  const points = submissions.filter((s) => s.status === 'approved').reduce((sum, s) => sum + s.points_awarded, 0);
  const counting = submissions.filter((s) => s.status !== 'rejected').length;
  return { points, points_left: pointsLeft(rule, points), submissions_left: Math.max(0, rule.max_submissions - counting) };
}

/** `doubled`: made while the game script doubled the challenge's points (decision 0585). */
export type ScoredSubmission = { id: number; status: SubmissionStatus; rating: number | null; count: number | null; doubled?: boolean };

/**
 * The points of every submission one team sent for one challenge, given in the order they were sent: approved
 * ones earn their raw points, each cut by what is left of max_score after the earlier ones, then twice that when
 * made in a doubled window; pending and rejected ones earn 0. Re-reviewing one submission therefore re-divides the cap fairly, whatever order staff reviewed in.
 */
export function allocatePoints(rule: ChallengeRule, sent: readonly ScoredSubmission[]): Map<number, number> {
  const points = new Map<number, number>();
  let awarded = 0;
  for (const s of sent) {
    if (s.status !== 'approved') {
      points.set(s.id, 0);
      continue;
    }
    const verdict: Verdict = CHALLENGE_SCORING[rule.type] === 'rate' ? { kind: 'rate', rating: s.rating ?? 0 } : { kind: 'approve' };
    const raw = rawPoints(rule, verdict, s.count);
    const share = cappedPoints(rule, raw.ok ? raw.points : 0, awarded);
    // A doubled answer earns its share twice; the cap is counted on the shares, so doubling never eats another's room.
    points.set(s.id, s.doubled ? share * 2 : share);
    awarded += share;
  }
  return points;
}
