import { describe, expect, it } from 'vitest';
import {
  checkFind,
  CHICKEN_MESSAGES,
  FIND_RADIUS_M,
  FIX_FRESH_SECONDS,
  FOUND_CODE_ALPHABET,
  FOUND_CODE_LENGTH,
  foundCodeFrom,
  normalizeFoundCode,
  type FindCheck,
} from './chicken';
import { distanceMetres } from '../geo';

const now = new Date('2030-06-15T15:00:00Z');
const chicken = { lat: 51.5074, lng: -0.1278 };
// About 33 m north of the Chicken.
const near = { lat: 51.5077, lng: -0.1278, at: new Date(now.getTime() - 5_000) };
const base: FindCheck = { alreadyFound: false, codeMatches: true, position: near, chicken, hidingSpot: null, now };

describe('finding the Chicken', () => {
  it('counts a claim with the right code from nearby, and says how close', () => {
    const result = checkFind(base);
    expect(result).toEqual({ ok: true, distance_m: Math.round(distanceMetres(near, chicken)) });
  });

  it('refuses a second find by the same team before anything else', () => {
    expect(checkFind({ ...base, alreadyFound: true, codeMatches: false })).toMatchObject({
      ok: false,
      reason: 'already_found',
      message: CHICKEN_MESSAGES.alreadyFound,
    });
  });

  it('refuses a wrong code without telling the distance', () => {
    expect(checkFind({ ...base, codeMatches: false, position: null })).toEqual({ ok: false, reason: 'wrong_code', message: CHICKEN_MESSAGES.wrongCode });
  });

  it('refuses while the Chicken has neither a position nor a hiding spot', () => {
    expect(checkFind({ ...base, chicken: null })).toMatchObject({ ok: false, reason: 'not_hidden' });
  });

  it('refuses without a position or with an old one', () => {
    expect(checkFind({ ...base, position: null })).toMatchObject({ ok: false, reason: 'no_position' });
    const old = { ...near, at: new Date(now.getTime() - (FIX_FRESH_SECONDS + 1) * 1000) };
    expect(checkFind({ ...base, position: old })).toMatchObject({ ok: false, reason: 'stale_position', message: CHICKEN_MESSAGES.stalePosition });
  });

  it('refuses from far away, and counts the nearer of the Chicken and its hiding spot', () => {
    const far = { lat: 51.5174, lng: -0.1278, at: near.at };
    expect(distanceMetres(far, chicken)).toBeGreaterThan(FIND_RADIUS_M);
    expect(checkFind({ ...base, position: far })).toEqual({ ok: false, reason: 'too_far', message: CHICKEN_MESSAGES.tooFar });
    // The Chicken wandered off but its hiding spot is where the team stands.
    expect(checkFind({ ...base, position: far, hidingSpot: { lat: far.lat, lng: far.lng } })).toEqual({ ok: true, distance_m: 0 });
    // Only a hiding spot known: it alone decides.
    expect(checkFind({ ...base, chicken: null, hidingSpot: chicken })).toMatchObject({ ok: true });
  });

  it('accepts exactly the find radius', () => {
    // 60 m north: 60 / 111_195 degrees of latitude.
    const edge = { lat: chicken.lat + (FIND_RADIUS_M - 0.5) / 111_195, lng: chicken.lng, at: near.at };
    expect(checkFind({ ...base, position: edge }).ok).toBe(true);
  });
});

describe('the found-code', () => {
  it('is six characters of an alphabet without look-alikes', () => {
    const code = foundCodeFrom(new Uint8Array([0, 1, 2, 3, 30, 31]));
    expect(code).toHaveLength(FOUND_CODE_LENGTH);
    expect(code).toBe('ABCD9A');
    expect(FOUND_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(() => foundCodeFrom(new Uint8Array(3))).toThrow(RangeError);
  });

  it('compares typed text in upper case without spaces or dashes', () => {
    expect(normalizeFoundCode(' abc-d9 a ')).toBe('ABCD9A');
  });
});
