import { describe, expect, it } from 'vitest';
import { bearingDegrees, distanceMetres, isInsideCircle, isOnEarth, speedMetresPerSecond } from './geo';

const trafalgar = { lat: 51.508, lng: -0.1281 };
const eiffel = { lat: 48.8584, lng: 2.2945 };

describe('geo', () => {
  it('measures London to Paris as about 341 km', () => {
    expect(distanceMetres(trafalgar, eiffel) / 1000).toBeCloseTo(341.4, 0);
    expect(distanceMetres(trafalgar, trafalgar)).toBe(0);
  });

  it('gives bearings clockwise from north', () => {
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(0, 5);
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 5);
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: -1, lng: 0 })).toBeCloseTo(180, 5);
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 0, lng: -1 })).toBeCloseTo(270, 5);
  });

  it('knows the globe and circles', () => {
    expect(isOnEarth({ lat: 91, lng: 0 })).toBe(false);
    expect(isOnEarth({ lat: 0, lng: -180.5 })).toBe(false);
    expect(isOnEarth({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isOnEarth(trafalgar)).toBe(true);
    expect(isInsideCircle({ lat: 51.5085, lng: -0.1281 }, { ...trafalgar, radius: 100 })).toBe(true);
    expect(isInsideCircle({ lat: 51.52, lng: -0.1281 }, { ...trafalgar, radius: 100 })).toBe(false);
  });

  it('works out speed between fixes', () => {
    const a = { ...trafalgar, at: new Date('2026-01-01T10:00:00Z') };
    const b = { lat: 51.509, lng: -0.1281, at: new Date('2026-01-01T10:00:10Z') };
    expect(speedMetresPerSecond(a, b)).toBeCloseTo(11.1, 1);
    expect(speedMetresPerSecond(a, { ...b, at: a.at })).toBe(Number.POSITIVE_INFINITY);
  });
});
