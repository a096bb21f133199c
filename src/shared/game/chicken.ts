import { distanceMetres, type LatLng } from '../geo';
import { FIX_FRESH_SECONDS, isFixFresh } from './positions';

/**
 * Finding the Chicken (decision 0280), one rule for the server (which decides) and the player app (which explains).
 * The Chicken's screen shows a short found-code (and a QR of a link carrying it); a team claims the find with the
 * code, and only when its player's last position is within FIND_RADIUS_M of the Chicken's latest position or of the
 * hiding spot, and fresh (FIX_FRESH_SECONDS). Points: shared/scoring (chickenPointsFor: the first find is worth most).
 */
export const FIND_RADIUS_M = 60;
export { FIX_FRESH_SECONDS };
/** No 0/O, 1/I/L: the code is read off a screen and typed on another phone. */
export const FOUND_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const FOUND_CODE_LENGTH = 6;

export const CHICKEN_MESSAGES = {
  chickenOnly: 'Only the Chicken can do this',
  noTeam: 'Join a team to claim the Chicken',
  notHidden: 'The Chicken has not hidden yet',
  alreadyFound: 'Your team already found the Chicken',
  wrongCode: 'That is not the Chicken’s code',
  codeRequired: 'Enter the code on the Chicken’s screen',
  noPosition: 'Your position is not known yet. Allow location and try again',
  stalePosition: 'Your position is out of date. Wait for a fresh location and try again',
  tooFar: 'Get closer to the Chicken to claim it',
  hideOutside: 'Hide inside the final game area',
} as const;
export type FindRefusal = (typeof CHICKEN_MESSAGES)[keyof typeof CHICKEN_MESSAGES];

/**
 * What a team's "Found the Chicken" reads when it has not found it: "Not yet" while the game may still be played,
 * "No" once it is over (issue 36: "Not yet" after the end read as if the hunt went on). One wording for every screen.
 */
export function notFoundText(gameOver: boolean): string {
  return gameOver ? 'No' : 'Not yet';
}

/** What a typed code becomes before it is compared: upper case, no spaces or dashes. */
export function normalizeFoundCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** A found-code from `random` bytes (one per character; modulo bias is irrelevant for a 6-character game code). */
export function foundCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < FOUND_CODE_LENGTH) throw new RangeError(`need ${FOUND_CODE_LENGTH} bytes`);
  let code = '';
  for (let i = 0; i < FOUND_CODE_LENGTH; i += 1) code += FOUND_CODE_ALPHABET[(bytes[i] ?? 0) % FOUND_CODE_ALPHABET.length];
  return code;
}

export type FindCheck = {
  alreadyFound: boolean;
  codeMatches: boolean;
  /** The claiming player's last accepted position. */
  position: (LatLng & { at: Date }) | null;
  /** The Chicken's latest position, if it ever sent one. */
  chicken: LatLng | null;
  /** Where the Chicken hid, if it did. */
  hidingSpot: LatLng | null;
  now: Date;
};

export type FindResult =
  | { ok: true; distance_m: number }
  | { ok: false; reason: 'already_found' | 'not_hidden' | 'wrong_code' | 'no_position' | 'stale_position' | 'too_far'; message: FindRefusal };

/** Whether a claim counts. The order matters: a wrong code never learns how far away the Chicken is. */
export function checkFind(c: FindCheck): FindResult {
  if (c.alreadyFound) return { ok: false, reason: 'already_found', message: CHICKEN_MESSAGES.alreadyFound };
  if (!c.chicken && !c.hidingSpot) return { ok: false, reason: 'not_hidden', message: CHICKEN_MESSAGES.notHidden };
  if (!c.codeMatches) return { ok: false, reason: 'wrong_code', message: CHICKEN_MESSAGES.wrongCode };
  if (!c.position) return { ok: false, reason: 'no_position', message: CHICKEN_MESSAGES.noPosition };
  if (!isFixFresh(c.position, c.now)) return { ok: false, reason: 'stale_position', message: CHICKEN_MESSAGES.stalePosition };
  const from = c.position;
  const distances = [c.chicken, c.hidingSpot].flatMap((p) => (p ? [distanceMetres(from, p)] : []));
  const nearest = Math.min(...distances);
  if (nearest > FIND_RADIUS_M) return { ok: false, reason: 'too_far', message: CHICKEN_MESSAGES.tooFar };
  return { ok: true, distance_m: Math.round(nearest) };
}
