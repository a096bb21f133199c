import { describe, expect, it } from 'vitest';
import { reviewOptions } from './review-options';

describe('reviewOptions', () => {
  it('scores a Rating challenge with a rating, at any status, and any other with Approve only until approved', () => {
    expect(reviewOptions({ status: 'approved', challenge: { type: 'Rating' } })).toEqual({ scoring: 'rate', canApprove: false, canReject: true });
    expect(reviewOptions({ status: 'pending', challenge: { type: 'Tally' } })).toEqual({ scoring: 'approve', canApprove: true, canReject: true });
    expect(reviewOptions({ status: 'approved', challenge: { type: 'RightWrong' } })).toEqual({ scoring: 'approve', canApprove: false, canReject: true });
  });

  it('offers Reject until rejected, and only Reject once the challenge is deleted', () => {
    expect(reviewOptions({ status: 'rejected', challenge: { type: 'Tally' } })).toEqual({ scoring: 'approve', canApprove: true, canReject: false });
    expect(reviewOptions({ status: 'pending', challenge: null })).toEqual({ scoring: null, canApprove: false, canReject: true });
  });
});
