import { describe, expect, it } from 'vitest';
import { allocatePoints, canSubmitMore, cappedPoints, pointsLeft, rawPoints, SCORING_MESSAGES, type ChallengeRule } from './challenge-points';

const rating: ChallengeRule = { type: 'Rating', max_score: 10, max_submissions: 1, points_per_submission: 1 };
const rightWrong: ChallengeRule = { type: 'RightWrong', max_score: 15, max_submissions: 2, points_per_submission: 1 };
const tally: ChallengeRule = { type: 'Tally', max_score: 20, max_submissions: 5, points_per_submission: 5 };

describe('Rating: out of 5, 5 gives max_score', () => {
  it('gives max_score for 5 and nothing for 0', () => {
    expect(rawPoints(rating, { kind: 'rate', rating: 5 })).toEqual({ ok: true, points: 10, rating: 5 });
    expect(rawPoints(rating, { kind: 'rate', rating: 0 })).toEqual({ ok: true, points: 0, rating: 0 });
  });
  it('rounds max_score × rating / 5 to the nearest point', () => {
    expect(rawPoints({ ...rating, max_score: 7 }, { kind: 'rate', rating: 3 })).toMatchObject({ points: 4 }); // 4.2
    expect(rawPoints({ ...rating, max_score: 5 }, { kind: 'rate', rating: 3 })).toMatchObject({ points: 3 });
    expect(rawPoints({ ...rating, max_score: 1 }, { kind: 'rate', rating: 3 })).toMatchObject({ points: 1 }); // 0.6
    expect(rawPoints({ ...rating, max_score: 1 }, { kind: 'rate', rating: 2 })).toMatchObject({ points: 0 }); // 0.4
  });
  it('refuses a rating outside 0–5 or not whole', () => {
    for (const r of [-1, 6, 2.5, Number.NaN]) {
      expect(rawPoints(rating, { kind: 'rate', rating: r })).toEqual({ ok: false, message: SCORING_MESSAGES.ratingRange });
    }
  });
  it('needs a rating: a plain approval is refused', () => {
    expect(rawPoints(rating, { kind: 'approve' })).toEqual({ ok: false, message: SCORING_MESSAGES.rateNeeded });
  });
  it('gives nothing when rejected', () => {
    expect(rawPoints(rating, { kind: 'reject' })).toEqual({ ok: true, points: 0, rating: null });
  });
});

describe('RightWrong: all or nothing', () => {
  it('gives max_score when approved and nothing when rejected', () => {
    expect(rawPoints(rightWrong, { kind: 'approve' })).toEqual({ ok: true, points: 15, rating: null });
    expect(rawPoints(rightWrong, { kind: 'reject' })).toEqual({ ok: true, points: 0, rating: null });
  });
  it('takes no rating', () => {
    expect(rawPoints(rightWrong, { kind: 'rate', rating: 3 })).toEqual({ ok: false, message: SCORING_MESSAGES.rateOnlyRating });
  });
});

describe('Tally: points_per_submission per item up to max_score', () => {
  it('counts one item for a photo or text', () => {
    expect(rawPoints(tally, { kind: 'approve' })).toMatchObject({ points: 5 });
  });
  it('multiplies the count and stops at max_score', () => {
    expect(rawPoints(tally, { kind: 'approve' }, 3)).toMatchObject({ points: 15 });
    expect(rawPoints(tally, { kind: 'approve' }, 4)).toMatchObject({ points: 20 });
    expect(rawPoints(tally, { kind: 'approve' }, 50)).toMatchObject({ points: 20 });
  });
  it('refuses a count below 1 or not whole', () => {
    for (const c of [0, -2, 1.5]) expect(rawPoints(tally, { kind: 'approve' }, c)).toEqual({ ok: false, message: SCORING_MESSAGES.countNeeded });
  });
  it('takes no rating', () => {
    expect(rawPoints(tally, { kind: 'rate', rating: 5 })).toMatchObject({ ok: false });
  });
});

describe('the challenge cap over several submissions', () => {
  it('cuts a submission so the team never passes max_score', () => {
    expect(cappedPoints(tally, 15, 0)).toBe(15);
    expect(cappedPoints(tally, 15, 10)).toBe(10);
    expect(cappedPoints(tally, 15, 20)).toBe(0);
    expect(cappedPoints(rightWrong, 15, 15)).toBe(0);
  });
  it('never goes negative, even if the rule shrank after points were given', () => {
    expect(cappedPoints({ ...tally, max_score: 5 }, 5, 20)).toBe(0);
  });
  it('tells what is left to earn', () => {
    expect(pointsLeft(tally, 5)).toBe(15);
    expect(pointsLeft(tally, 25)).toBe(0);
  });
});

describe('max_submissions', () => {
  it('counts pending and approved submissions, not rejected ones', () => {
    expect(canSubmitMore(rating, [])).toBe(true);
    expect(canSubmitMore(rating, ['pending'])).toBe(false);
    expect(canSubmitMore(rating, ['approved'])).toBe(false);
    expect(canSubmitMore(rating, ['rejected', 'rejected'])).toBe(true);
    expect(canSubmitMore(rightWrong, ['approved', 'rejected'])).toBe(true);
    expect(canSubmitMore(rightWrong, ['approved', 'pending'])).toBe(false);
  });
});

describe('allocatePoints: one team, one challenge, in the order sent', () => {
  it('gives approved submissions their points up to the cap, in order, and nothing to the others', () => {
    const points = allocatePoints(tally, [
      { id: 1, status: 'approved', rating: null, count: 2 },
      { id: 2, status: 'rejected', rating: null, count: 3 },
      { id: 3, status: 'pending', rating: null, count: 1 },
      { id: 4, status: 'approved', rating: null, count: 3 },
      { id: 5, status: 'approved', rating: null, count: 1 },
    ]);
    expect([...points]).toEqual([
      [1, 10],
      [2, 0],
      [3, 0],
      [4, 10],
      [5, 0],
    ]);
  });
  it('re-divides the cap when an earlier submission is rejected later', () => {
    const sent = [
      { id: 1, status: 'approved' as const, rating: null, count: 3 },
      { id: 2, status: 'approved' as const, rating: null, count: 3 },
    ];
    expect(allocatePoints(tally, sent).get(2)).toBe(5);
    expect(allocatePoints(tally, [{ ...sent[0]!, status: 'rejected' }, sent[1]!]).get(2)).toBe(15);
  });
  it('scores Rating submissions by their rating and RightWrong ones all or nothing', () => {
    expect(
      allocatePoints({ ...rating, max_submissions: 3 }, [
        { id: 1, status: 'approved', rating: 3, count: null },
        { id: 2, status: 'approved', rating: 4, count: null },
      ]),
    ).toEqual(
      new Map([
        [1, 6],
        [2, 4],
      ]),
    );
    expect(allocatePoints(rightWrong, [{ id: 1, status: 'approved', rating: null, count: null }]).get(1)).toBe(15);
  });
  it('counts a share made in a doubled window twice, without taking room from the others (decision 0585)', () => {
    const sent = [
      { id: 1, status: 'approved' as const, rating: null, count: 2, doubled: true },
      { id: 2, status: 'approved' as const, rating: null, count: 3 },
    ];
    // The cap (20) is divided on the shares: 10, then the 10 left of 15; the doubled one earns 20.
    expect([...allocatePoints(tally, sent)]).toEqual([
      [1, 20],
      [2, 10],
    ]);
    expect(allocatePoints(rightWrong, [{ id: 1, status: 'approved', rating: null, count: null, doubled: true }]).get(1)).toBe(30);
  });
});
