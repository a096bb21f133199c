import type { ChallengeType } from './validation/challenge-rules';

/** The scoring rules of a challenge (spec, Challenge form hints). */
export type ScoredChallenge = {
  type: ChallengeType;
  max_score: number;
  max_submissions: number;
  points_per_submission: number;
};

export const RATING_MAX = 5;

export type ChallengeOutcome =
  /** Rating: a rating from 0 to 5. */
  | { kind: 'rating'; rating: number }
  /** RightWrong: right or wrong. */
  | { kind: 'right_wrong'; correct: boolean }
  /** Tally: how many accepted submissions. */
  | { kind: 'tally'; submissions: number };

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** Rating out of 5: 5 gives max_score, lower ratings a proportional share, rounded. */
export function scoreRating(maxScore: number, rating: number): number {
  const r = Number.isFinite(rating) ? Math.min(RATING_MAX, Math.max(0, rating)) : 0;
  return Math.round((whole(maxScore) * r) / RATING_MAX);
}

/** All or nothing: max_score when right, 0 when wrong. */
export function scoreRightWrong(maxScore: number, correct: boolean): number {
  return correct ? whole(maxScore) : 0;
}

/** Tally: points per submission for each submission up to max_submissions, never above max_score. */
export function scoreTally(challenge: Pick<ScoredChallenge, 'max_score' | 'max_submissions' | 'points_per_submission'>, submissions: number): number {
  const counted = Math.min(whole(submissions), whole(challenge.max_submissions));
  return Math.min(whole(challenge.max_score), counted * whole(challenge.points_per_submission));
}

/** The points one outcome earns on a challenge; an outcome of another type's kind scores 0. */
export function scoreChallenge(challenge: ScoredChallenge, outcome: ChallengeOutcome): number {
  switch (challenge.type) {
    case 'Rating':
      return outcome.kind === 'rating' ? scoreRating(challenge.max_score, outcome.rating) : 0;
    case 'RightWrong':
      return outcome.kind === 'right_wrong' ? scoreRightWrong(challenge.max_score, outcome.correct) : 0;
    case 'Tally':
      return outcome.kind === 'tally' ? scoreTally(challenge, outcome.submissions) : 0;
  }
}
