import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_DEFAULTS,
  CHALLENGE_MESSAGES,
  CHALLENGE_TYPE_LABELS,
  challengeInputSchema,
  SPICE_CHILIS,
  stepMaxScore,
  tallyPointsError,
} from './challenge-rules';

const valid = {
  name: 'Statue Pose-Off',
  description: 'Copy a statue.',
  type: 'Rating',
  spice_level: 'Mild',
  is_active: true,
  max_score: 10,
  max_submissions: 1,
  points_per_submission: 1,
  region_code: '',
};

function errorsOf(input: unknown): Record<string, string[]> {
  const result = challengeInputSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('challenge rules', () => {
  it('accepts the defaults of a new challenge once name and description are given', () => {
    const parsed = challengeInputSchema.parse({ ...CHALLENGE_DEFAULTS, name: 'A', description: 'B' });
    expect(parsed).toMatchObject({
      type: 'Rating',
      spice_level: 'Mild',
      is_active: true,
      max_score: 10,
      max_submissions: 1,
      points_per_submission: 1,
      region_code: null,
    });
  });

  it('fills the spec defaults when fields are missing', () => {
    expect(challengeInputSchema.parse({ name: 'A', description: 'B' })).toMatchObject({
      type: 'Rating',
      spice_level: 'Mild',
      is_active: true,
      max_score: 10,
      max_submissions: 1,
    });
  });

  it('requires name and description, blank counts as missing', () => {
    expect(errorsOf({ ...valid, name: '  ', description: '' })).toEqual({ name: ['Name is required'], description: ['Description is required'] });
    expect(errorsOf({ ...valid, name: undefined })).toEqual({ name: ['Name is required'] });
  });

  it('keeps max_score at 0 or more', () => {
    expect(errorsOf({ ...valid, max_score: -5 })).toEqual({ max_score: [CHALLENGE_MESSAGES.maxScoreMin] });
    expect(errorsOf({ ...valid, max_score: 0 })).toEqual({});
    expect(errorsOf({ ...valid, max_score: Number.NaN })).toEqual({ max_score: [CHALLENGE_MESSAGES.maxScoreRequired] });
  });

  it('checks Tally points per submission with the spec messages', () => {
    const tally = { ...valid, type: 'Tally', max_score: 10 };
    expect(errorsOf({ ...tally, points_per_submission: null })).toEqual({ points_per_submission: ['Points per submission required'] });
    expect(errorsOf({ ...tally, points_per_submission: Number.NaN })).toEqual({ points_per_submission: ['Points per submission required'] });
    expect(errorsOf({ ...tally, points_per_submission: 0 })).toEqual({ points_per_submission: ['Points per submission required'] });
    expect(errorsOf({ ...tally, points_per_submission: 15 })).toEqual({ points_per_submission: ['Points per submission cannot be greater than max score'] });
    expect(errorsOf({ ...tally, points_per_submission: 3 })).toEqual({ points_per_submission: ['Max score must be divisible by points per submission'] });
    expect(errorsOf({ ...tally, points_per_submission: 5 })).toEqual({});
  });

  it('does not apply the Tally rules to other types', () => {
    expect(errorsOf({ ...valid, type: 'Rating', points_per_submission: 3 })).toEqual({});
    expect(challengeInputSchema.parse({ ...valid, type: 'RightWrong', points_per_submission: null }).points_per_submission).toBeUndefined();
  });

  it('refuses unknown types and spice levels', () => {
    expect(Object.keys(errorsOf({ ...valid, type: 'Quiz', spice_level: 'Hot' }))).toEqual(['type', 'spice_level']);
  });

  it('steps max score by 5 and never below 0', () => {
    expect(stepMaxScore(10, 1)).toBe(15);
    expect(stepMaxScore(10, -1)).toBe(5);
    expect(stepMaxScore(3, -1)).toBe(0);
    expect(stepMaxScore(0, -1)).toBe(0);
    expect(stepMaxScore(Number.NaN, 1)).toBe(5);
  });

  it('labels and chili counts', () => {
    expect(CHALLENGE_TYPE_LABELS.RightWrong).toBe('All or nothing');
    expect(SPICE_CHILIS).toEqual({ Mild: 1, Medium: 2, Spicy: 3 });
    expect(tallyPointsError(12, 3)).toBeNull();
  });
});
