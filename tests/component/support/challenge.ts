import type { Challenge } from '../../../src/shared/api/challenges';

/** A challenge as the staff's challenge endpoints answer it, with no translations. */
export const PYRAMID: Challenge = {
  id: 3,
  name: 'Human Pyramid',
  description: 'Build a pyramid of the whole team.',
  type: 'Rating',
  spice_level: 'Medium',
  is_active: true,
  max_score: 10,
  max_submissions: 1,
  points_per_submission: 1,
  region_code: null,
  is_default: true,
  location: null,
  hidden_until_near: false,
  check_in: false,
  accepted_answers: [],
  answer_media: 'photo',
  live_capture: false,
  hints: [],
  translations: {},
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};
