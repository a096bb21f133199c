import { isOnEarth, speedMetresPerSecond, type LatLng } from '../geo';

/**
 * What a position fix must respect (docs/decisions/0225-positions.md): faster than a car on a
 * motorway is a bad fix or a cheat, and more than one fix a second is noise the map cannot show.
 */
export const MAX_SPEED_MPS = 70;
export const MIN_FIX_INTERVAL_MS = 1000;
/** How often the player app sends its position while live. */
export const POSITION_SEND_INTERVAL_MS = 5000;
/** The trail each player carries on the map snapshot. */
export const TRAIL_LENGTH = 20;
/**
 * How old a fix may be and still say where a player is now: the one freshness rule of every check "is this phone
 * there?" (a Chicken claim, an answer to a challenge tied to a place, a check-in; decisions 0280, 0440).
 */
export const FIX_FRESH_SECONDS = 120;

export function isFixFresh(fix: { at: Date }, now: Date): boolean {
  return now.getTime() - fix.at.getTime() <= FIX_FRESH_SECONDS * 1000;
}

export type Fix = LatLng & { at: Date };

export type FixVerdict = 'ok' | 'outside_world' | 'too_often' | 'too_fast';

/** Judges a new fix against the last accepted one (null: the first fix of the player). */
export function judgeFix(next: Fix, last: Fix | null): FixVerdict {
  if (!isOnEarth(next)) return 'outside_world';
  if (!last) return 'ok';
  const elapsed = next.at.getTime() - last.at.getTime();
  if (elapsed < MIN_FIX_INTERVAL_MS) return 'too_often';
  if (speedMetresPerSecond(last, next) > MAX_SPEED_MPS) return 'too_fast';
  return 'ok';
}
