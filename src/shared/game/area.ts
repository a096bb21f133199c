import { distanceMetres, type Circle, type LatLng } from '../geo';

/**
 * The shrinking game area (decision 0280), one rule for the ticker that moves the instance's `latest_area`, the
 * player app's warning and the maps. The centre stays the booked centre (centring on the hiding spot would give it
 * away); the radius holds for the first quarter of the game, then steps down in SHRINK_STEPS equal steps until 85 %
 * of the game, to FINAL_FRACTION of the booked radius but never below MIN_AREA_RADIUS_M (a small booked area does
 * not shrink at all). Steps, not a smooth shrink: each step is one `state` event, and players get time to react.
 */
export const SHRINK_START_FRACTION = 0.25;
export const SHRINK_END_FRACTION = 0.85;
export const SHRINK_STEPS = 6;
export const FINAL_FRACTION = 0.4;
export const MIN_AREA_RADIUS_M = 150;

export const AREA_MESSAGES = {
  outside: 'You are outside the game area. Head back inside.',
} as const;

/** The smallest the area gets: the Chicken should hide inside it. */
export function finalRadius(bookedRadius: number): number {
  return Math.round(Math.min(bookedRadius, Math.max(MIN_AREA_RADIUS_M, bookedRadius * FINAL_FRACTION)));
}

/** How many shrink steps have happened at `now` (0 … SHRINK_STEPS). */
export function shrinkStage(startedAt: Date, endsAt: Date, now: Date): number {
  const length = endsAt.getTime() - startedAt.getTime();
  if (!(length > 0)) return 0;
  const progress = (now.getTime() - startedAt.getTime()) / length;
  if (progress < SHRINK_START_FRACTION) return 0;
  const stepLength = (SHRINK_END_FRACTION - SHRINK_START_FRACTION) / SHRINK_STEPS;
  // A tiny epsilon keeps a step boundary computed in floating point from landing one step short.
  return Math.min(SHRINK_STEPS, Math.floor((progress - SHRINK_START_FRACTION) / stepLength + 1e-9) + 1);
}

/** The game area at `now` for a game booked with `booked`, live from `startedAt` to `endsAt`. */
export function areaAt(booked: Circle, startedAt: Date, endsAt: Date, now: Date): Circle {
  const stage = shrinkStage(startedAt, endsAt, now);
  const last = finalRadius(booked.radius);
  const radius = Math.round(booked.radius - ((booked.radius - last) * stage) / SHRINK_STEPS);
  return { lat: booked.lat, lng: booked.lng, radius };
}

/** When the area next shrinks after `now`, or null when it will not shrink again. */
export function nextShrinkAt(booked: Circle, startedAt: Date, endsAt: Date, now: Date): Date | null {
  if (finalRadius(booked.radius) >= booked.radius) return null;
  const stage = shrinkStage(startedAt, endsAt, now);
  if (stage >= SHRINK_STEPS) return null;
  const length = endsAt.getTime() - startedAt.getTime();
  const stepLength = (SHRINK_END_FRACTION - SHRINK_START_FRACTION) / SHRINK_STEPS;
  return new Date(startedAt.getTime() + length * (SHRINK_START_FRACTION + stage * stepLength));
}

/** Whether a position is outside the area, and by how many metres (0 inside). */
export function outsideArea(position: LatLng, area: Circle): { outside: boolean; metres: number } {
  const beyond = distanceMetres(position, area) - area.radius;
  return beyond > 0 ? { outside: true, metres: Math.round(beyond) } : { outside: false, metres: 0 };
}
