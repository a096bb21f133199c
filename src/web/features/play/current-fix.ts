import type { ClaimPosition } from '../../../shared/api/hunt';
import { CHICKEN_MESSAGES } from '../../../shared/game/chicken';

/** A fix the position watcher got this recently is the phone's current one. */
const FRESH_MS = 10_000;
let watched: GeolocationPosition | null = null;

/** The position watcher (use-position-sender.ts) hands every fix here as the device reports it. */
export function rememberFix(position: GeolocationPosition): void {
  watched = position;
}

const toClaim = (p: GeolocationPosition): ClaimPosition => ({
  lat: p.coords.latitude,
  lng: p.coords.longitude,
  ...(Number.isFinite(p.coords.accuracy) ? { accuracy: Math.min(p.coords.accuracy, 100_000) } : {}),
  at: new Date(p.timestamp).toISOString(),
});

/**
 * The phone's position right now, for a claim (decision 0291): the watcher's latest fix when it is a few seconds
 * old (the device reports every move), else one asked for now, with when the phone took it. Refuses with the
 * claim's own message when the phone cannot tell.
 */
export function currentFix(now: number = Date.now()): Promise<ClaimPosition> {
  if (watched && now - watched.timestamp <= FRESH_MS) return Promise.resolve(toClaim(watched));
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(CHICKEN_MESSAGES.noPosition));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(toClaim(p)),
      () => reject(new Error(CHICKEN_MESSAGES.noPosition)),
      { enableHighAccuracy: true, maximumAge: FRESH_MS, timeout: 15_000 },
    );
  });
}
