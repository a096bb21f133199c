import { describe, expect, it } from 'vitest';
import { ACCEPTED_KINDS, acceptsKind } from './submission-kinds';
import { CHALLENGE_TYPES } from '../validation/challenge-rules';

describe('what each challenge type takes', () => {
  it('judges Rating and All-or-nothing on a photo or a text, never a count', () => {
    for (const type of ['Rating', 'RightWrong'] as const) {
      expect(acceptsKind(type, 'photo')).toBe(true);
      expect(acceptsKind(type, 'text')).toBe(true);
      expect(acceptsKind(type, 'count')).toBe(false);
    }
  });

  it('counts Tally items as a count or one photo, never a text', () => {
    expect(acceptsKind('Tally', 'count')).toBe(true);
    expect(acceptsKind('Tally', 'photo')).toBe(true);
    expect(acceptsKind('Tally', 'text')).toBe(false);
  });

  it('gives every type at least one kind', () => {
    for (const type of CHALLENGE_TYPES) expect(ACCEPTED_KINDS[type].length).toBeGreaterThan(0);
  });
});
