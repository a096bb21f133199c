import { describe, expect, it } from 'vitest';
import { offsetMetres } from '../geo';
import { FIX_FRESH_SECONDS } from './positions';
import { checkAtPlace, DEFAULT_PLACE_RADIUS_M, isNearPlace, MAX_PLACE_RADIUS_M, NEAR_REVEAL_M, placeSchema } from './places';

const place = { lat: 51.5007, lng: -0.1246, radius_m: 10 };
const now = new Date('2026-06-01T12:00:00Z');
const at = (north: number, secondsAgo = 0) => ({ ...offsetMetres(place, north, 0), at: new Date(now.getTime() - secondsAgo * 1000) });

describe('places', () => {
  it('accepts a fresh fix inside the radius and refuses one outside, a stale one or none', () => {
    expect(checkAtPlace(place, at(8), now)).toMatchObject({ ok: true, distance_m: 8 });
    expect(checkAtPlace(place, at(12), now)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(checkAtPlace(place, at(0, FIX_FRESH_SECONDS + 1), now)).toMatchObject({ ok: false, reason: 'stale_position' });
    expect(checkAtPlace(place, null, now)).toMatchObject({ ok: false, reason: 'no_position' });
  });

  it('reveals a hidden place only to a fresh fix near it', () => {
    expect(isNearPlace(place, [at(10 + NEAR_REVEAL_M - 1)], now)).toBe(true);
    expect(isNearPlace(place, [at(10 + NEAR_REVEAL_M + 5)], now)).toBe(false);
    expect(isNearPlace(place, [at(0, FIX_FRESH_SECONDS + 1)], now)).toBe(false);
  });

  it('defaults the radius and bounds it', () => {
    expect(placeSchema.parse({ lat: 1, lng: 2, radius_m: null }).radius_m).toBe(DEFAULT_PLACE_RADIUS_M);
    expect(placeSchema.safeParse({ lat: 1, lng: 2, radius_m: MAX_PLACE_RADIUS_M + 1 }).success).toBe(false);
    expect(placeSchema.safeParse({ lat: 91, lng: 2, radius_m: 10 }).success).toBe(false);
  });
});
