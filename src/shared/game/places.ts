import { z } from 'zod';
import { distanceMetres, isOnEarth, type LatLng } from '../geo';
import { isFixFresh, type Fix } from './positions';

/**
 * Challenges tied to a place (issue 29, decision 0440), one rule for the server (which decides) and the player app
 * (which explains): an answer counts only from a phone whose last fix is fresh (the Chicken claim's rule,
 * shared/game/positions.ts) and inside the place's radius. A hidden place is shown to a team only once one of its
 * phones has a fresh fix within NEAR_REVEAL_M of the radius's edge.
 */
export const DEFAULT_PLACE_RADIUS_M = 10;
export const MIN_PLACE_RADIUS_M = 5;
/** Larger than a park is no longer "a place"; the game area is for that. */
export const MAX_PLACE_RADIUS_M = 500;
/** How close (beyond the radius) a team must come before a hidden pin appears on its map. */
export const NEAR_REVEAL_M = 50;

export type Place = LatLng & { radius_m: number };

export const PLACE_MESSAGES = {
  noPosition: 'Your position is not known yet. Allow location and try again',
  stalePosition: 'Your position is out of date. Wait for a fresh location and try again',
  tooFar: 'You are not at this challenge’s place yet. Get closer and try again',
  notCheckIn: 'This challenge is not a check-in',
  checkInHasNothingToSend: 'This is a check-in: be there, nothing to send',
  alreadyCheckedIn: 'Your team has already checked in here',
  radiusRange: `The radius must be from ${MIN_PLACE_RADIUS_M} to ${MAX_PLACE_RADIUS_M} metres`,
  radiusWhole: 'The radius must be a whole number of metres',
  pointInvalid: 'Pick a point on the map',
  checkInNeedsPlace: 'A check-in challenge needs a place: pin it on the map',
} as const;

/** A place as the admin form and API take it: the radius defaults to DEFAULT_PLACE_RADIUS_M when the form leaves it. */
export const placeSchema = z
  .object({
    lat: z.number({ message: PLACE_MESSAGES.pointInvalid }),
    lng: z.number({ message: PLACE_MESSAGES.pointInvalid }),
    radius_m: z.preprocess(
      (v) => (v === '' || v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? DEFAULT_PLACE_RADIUS_M : v),
      z
        .number({ message: PLACE_MESSAGES.radiusWhole })
        .int(PLACE_MESSAGES.radiusWhole)
        .min(MIN_PLACE_RADIUS_M, PLACE_MESSAGES.radiusRange)
        .max(MAX_PLACE_RADIUS_M, PLACE_MESSAGES.radiusRange),
    ),
  })
  .refine(isOnEarth, { message: PLACE_MESSAGES.pointInvalid, path: ['lat'] });

export type PlaceCheck = { ok: true; distance_m: number } | { ok: false; reason: 'no_position' | 'stale_position' | 'too_far'; message: string };

/** Whether a phone with this last fix is at the place now. */
export function checkAtPlace(place: Place, fix: Fix | null, now: Date): PlaceCheck {
  if (!fix) return { ok: false, reason: 'no_position', message: PLACE_MESSAGES.noPosition };
  if (!isFixFresh(fix, now)) return { ok: false, reason: 'stale_position', message: PLACE_MESSAGES.stalePosition };
  const distance = distanceMetres(fix, place);
  if (distance > place.radius_m) return { ok: false, reason: 'too_far', message: PLACE_MESSAGES.tooFar };
  return { ok: true, distance_m: Math.round(distance) };
}

/** Whether a hidden place shows on a team's map: some fresh fix of the team within NEAR_REVEAL_M of its edge. */
export function isNearPlace(place: Place, fixes: readonly Fix[], now: Date): boolean {
  return fixes.some((fix) => isFixFresh(fix, now) && distanceMetres(fix, place) <= place.radius_m + NEAR_REVEAL_M);
}

/** A challenge's place from its three stored columns (all set or none, a database check keeps it so). */
export function placeOfColumns(c: { locationLat: number | null; locationLng: number | null; locationRadiusM: number | null }): Place | null {
  if (c.locationLat === null || c.locationLng === null || c.locationRadiusM === null) return null;
  return { lat: c.locationLat, lng: c.locationLng, radius_m: c.locationRadiusM };
}
