import type { ReviewSubmission } from '../../../src/shared/api/submissions';

type ReviewChallenge = NonNullable<ReviewSubmission['challenge']>;

/** The challenge a submission in the review queue answers: a Tally (id 1) or a Rating (id 2), 10 points at most. */
export const reviewChallenge = (type: 'Tally' | 'Rating'): ReviewChallenge => ({
  id: type === 'Tally' ? 1 : 2,
  name: `${type} challenge`,
  description: '',
  type,
  max_score: 10,
  max_submissions: 1,
  points_per_submission: 2,
  accepted_answers: [],
});

/** A submission waiting for review in Gemma Group's live game: `team` counted 3 for the Tally challenge. */
export function reviewSubmission(id: number, team: string, over: Partial<ReviewSubmission>): ReviewSubmission {
  return {
    id,
    game_code: 'GAME01',
    booking_name: 'Gemma Group',
    instance_id: 1,
    instance_status: 'live',
    team: { id, name: team },
    challenge: reviewChallenge('Tally'),
    kind: 'count',
    text: null,
    count: 3,
    media_url: null,
    status: 'pending',
    rating: null,
    points_awarded: 0,
    reviewer: null,
    reason: null,
    reviewed_at: null,
    submitted_at: '2030-06-01T10:00:00.000Z',
    ...over,
  };
}
