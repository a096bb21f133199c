import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../geo';
import { ITEM_KINDS } from './items';
import { defaultStationCount, defaultStations, MAX_DEFAULT_STATIONS, MIN_DEFAULT_STATIONS, STATION_SPREAD, stationCountText } from './station-layout';

const london = { lat: 51.5074, lng: -0.1278, radius: 1000 };

describe('default item stations', () => {
  it('scales with players and area, within bounds', () => {
    expect(defaultStationCount(1000, 20)).toBe(7);
    expect(defaultStationCount(100, 2)).toBe(MIN_DEFAULT_STATIONS);
    expect(defaultStationCount(50_000, 500)).toBe(MAX_DEFAULT_STATIONS);
    expect(defaultStationCount(2000, 20)).toBeGreaterThan(defaultStationCount(1000, 20));
    expect(defaultStationCount(1000, 60)).toBeGreaterThan(defaultStationCount(1000, 20));
  });

  it('places every station inside the area, away from the edge, spread apart', () => {
    for (const area of [london, { lat: 64.1, lng: -21.9, radius: 150 }, { lat: -33.86, lng: 151.2, radius: 5000 }, { lat: 0, lng: 179.99, radius: 800 }]) {
      const stations = defaultStations(area, 30, 7);
      expect(stations).toHaveLength(defaultStationCount(area.radius, 30));
      for (const s of stations) expect(distanceMetres(s, area)).toBeLessThanOrEqual(area.radius * STATION_SPREAD + 1);
      // Even spread: no two stations closer than a fifth of the radius.
      for (const [i, a] of stations.entries()) {
        for (const b of stations.slice(i + 1)) expect(distanceMetres(a, b)).toBeGreaterThan(area.radius / 5);
      }
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(defaultStations(london, 20, 42)).toEqual(defaultStations(london, 20, 42));
    expect(defaultStations(london, 20, 42)).not.toEqual(defaultStations(london, 20, 43));
  });

  it('offers every kind of power-up, with numbered labels', () => {
    const stations = defaultStations(london, 20, 1);
    expect(new Set(stations.map((s) => s.kind))).toEqual(new Set(ITEM_KINDS));
    expect(stations.map((s) => s.label)).toEqual(stations.map((_, i) => `Station ${i + 1}`));
  });

  it('says the count', () => {
    expect(stationCountText(1)).toBe('1 item station');
    expect(stationCountText(6)).toBe('6 item stations');
  });
});
