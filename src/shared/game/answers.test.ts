import { describe, expect, it } from 'vitest';
import { matchesAcceptedAnswer, normaliseAnswer } from './answers';

describe('accepted answers', () => {
  it('ignores case, accents and spacing', () => {
    expect(normaliseAnswer('  Crème  Brûlée ')).toBe('cremebrulee');
    expect(normaliseAnswer('ÉCOLE')).toBe('ecole');
    expect(normaliseAnswer('Straße')).toBe('strasse');
    expect(normaliseAnswer('Big\tBen\n')).toBe('bigben');
  });

  it('matches one of the accepted answers and nothing else', () => {
    const accepted = ['Big Ben', 'Elizabeth Tower'];
    expect(matchesAcceptedAnswer('big ben', accepted)).toBe(true);
    expect(matchesAcceptedAnswer('BIGBEN', accepted)).toBe(true);
    expect(matchesAcceptedAnswer(' élizabeth  tower', accepted)).toBe(true);
    expect(matchesAcceptedAnswer('Big Ben!', accepted)).toBe(false);
    expect(matchesAcceptedAnswer('London Eye', accepted)).toBe(false);
  });

  it('never matches an empty answer or an empty list', () => {
    expect(matchesAcceptedAnswer('   ', ['  '])).toBe(false);
    expect(matchesAcceptedAnswer('Big Ben', [])).toBe(false);
  });
});
