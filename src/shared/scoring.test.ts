import { describe, expect, it } from 'vitest';
import { scoreChallenge, scoreRating, scoreRightWrong, scoreTally } from './scoring';

describe('scoring', () => {
  it('Rating: out of 5, 5 gives max score, proportional and rounded', () => {
    expect(scoreRating(10, 5)).toBe(10);
    expect(scoreRating(10, 0)).toBe(0);
    expect(scoreRating(10, 3)).toBe(6);
    expect(scoreRating(15, 1)).toBe(3);
    expect(scoreRating(12, 3)).toBe(7); // 7.2
    expect(scoreRating(7, 1)).toBe(1); // 1.4
    expect(scoreRating(10, 9)).toBe(10);
    expect(scoreRating(10, -1)).toBe(0);
  });

  it('RightWrong: all or nothing', () => {
    expect(scoreRightWrong(15, true)).toBe(15);
    expect(scoreRightWrong(15, false)).toBe(0);
  });

  it('Tally: points per submission, capped by max submissions and max score', () => {
    const c = { max_score: 10, max_submissions: 5, points_per_submission: 2 };
    expect(scoreTally(c, 0)).toBe(0);
    expect(scoreTally(c, 3)).toBe(6);
    expect(scoreTally(c, 5)).toBe(10);
    expect(scoreTally(c, 9)).toBe(10);
    expect(scoreTally({ max_score: 6, max_submissions: 10, points_per_submission: 2 }, 8)).toBe(6);
    expect(scoreTally(c, -2)).toBe(0);
  });

  it('scores an outcome by the challenge type; a mismatched outcome scores 0', () => {
    const base = { max_score: 20, max_submissions: 10, points_per_submission: 2 };
    expect(scoreChallenge({ ...base, type: 'Rating' }, { kind: 'rating', rating: 4 })).toBe(16);
    expect(scoreChallenge({ ...base, type: 'RightWrong' }, { kind: 'right_wrong', correct: true })).toBe(20);
    expect(scoreChallenge({ ...base, type: 'Tally' }, { kind: 'tally', submissions: 4 })).toBe(8);
    expect(scoreChallenge({ ...base, type: 'Tally' }, { kind: 'rating', rating: 5 })).toBe(0);
  });
});
