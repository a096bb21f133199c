import type { ClaimPosition } from '../../../shared/api/hunt';
import { CHICKEN_MESSAGES } from '../../../shared/game/chicken';

const FRESH_MS = 10_000;
let watched: GeolocationPosition | null = null;

/**
 * The position watcher (use-position-sender.ts) hands every fix here as the device reports it. While it runs (the game
 * is live) the device reports every move, so its latest fix is where the phone is now, however long it stood still.
 */
export function rememberFix(position: GeolocationPosition | null): void {
  watched = position;
}

const toClaim = (p: GeolocationPosition, at: number): ClaimPosition => ({
  lat: p.coords.latitude,
  lng: p.coords.longitude,
  ...(Number.isFinite(p.coords.accuracy) ? { accuracy: Math.min(p.coords.accuracy, 100_000) } : {}),
  at: new Date(at).toISOString(),
});

/**
 * The phone's position right now, for a claim (decision 0280): the running watcher's latest fix, else one asked for
 * now with when the phone took it. Refuses with the claim's own message when the phone cannot tell.
 */
export function currentFix(now: number = Date.now()): Promise<ClaimPosition> {
  if (watched) return Promise.resolve(toClaim(watched, now));
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(CHICKEN_MESSAGES.noPosition));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(toClaim(p, p.timestamp)),
      () => reject(new Error(CHICKEN_MESSAGES.noPosition)),
      { enableHighAccuracy: true, maximumAge: FRESH_MS, timeout: 15_000 },
    );
  });
}
