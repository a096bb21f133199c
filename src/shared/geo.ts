/**
 * Distances and directions on the Earth, written once for the game's rules (speed checks, the game area, item
 * stations, Radar, Rusty Compass) and for both sides. Spherical Earth: metres-level error is far below GPS noise.
 */
export type LatLng = { lat: number; lng: number };
export type Circle = LatLng & { radius: number };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** True for a real point on the globe: finite, latitude within ±90 and longitude within ±180. */
export function isOnEarth(point: LatLng): boolean {
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees, 0 = north, clockwise, in [0, 360). */
export function bearingDegrees(a: LatLng, b: LatLng): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

export function isInsideCircle(point: LatLng, circle: Circle): boolean {
  return distanceMetres(point, circle) <= circle.radius;
}

/** Metres per second between two fixes; Infinity when they are at the same instant but apart. */
export function speedMetresPerSecond(a: LatLng & { at: Date }, b: LatLng & { at: Date }): number {
  const metres = distanceMetres(a, b);
  const seconds = Math.abs(b.at.getTime() - a.at.getTime()) / 1000;
  if (seconds === 0) return metres === 0 ? 0 : Number.POSITIVE_INFINITY;
  return metres / seconds;
}

/** The point `north` metres north and `east` metres east of `from` (negative for south and west); exact enough within a game area. */
export function offsetMetres(from: LatLng, north: number, east: number): LatLng {
  const lat = from.lat + deg(north / EARTH_RADIUS_M);
  const lng = from.lng + deg(east / (EARTH_RADIUS_M * Math.cos(rad(from.lat))));
  return { lat, lng };
}
