import { offsetMetres, type Circle, type LatLng } from '../geo';
import { ITEM_KINDS, type ItemKind } from './items';

/**
 * The item stations a Weapons or Bespoke game starts with (decision 0335), so power-ups are there on the day without
 * anyone placing them by hand. One rule for the server, which places them, and for the tests that check them.
 *
 * How many: one per six booked players (about a team each) plus one per 400 m of radius, between MIN and MAX, so a
 * small group in a park gets a few and a big group across a district gets more.
 * Where: spread evenly over the inner STATION_SPREAD of the area (a sunflower pattern: equal room per station, none
 * on the edge, some near the centre so the area's shrinking keeps a few inside), turned by an angle drawn from the
 * seed so two games in the same place do not get the same stations. The kinds take turns, so every power-up is there.
 * The same area, players and seed always give the same stations.
 */
export const MIN_DEFAULT_STATIONS = 4;
export const MAX_DEFAULT_STATIONS = 12;
export const PLAYERS_PER_STATION = 6;
export const METRES_PER_STATION = 400;
/** Stations stay within this fraction of the radius: a station on the very edge is half outside the game. */
export const STATION_SPREAD = 0.8;

export type DefaultStation = LatLng & { kind: ItemKind; label: string };

export function defaultStationCount(radius: number, players: number): number {
  const wanted = Math.ceil(Math.max(0, players) / PLAYERS_PER_STATION) + Math.ceil(Math.max(0, radius) / METRES_PER_STATION);
  return Math.min(MAX_DEFAULT_STATIONS, Math.max(MIN_DEFAULT_STATIONS, wanted));
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** A number in [0, 1) from the seed (one round of a 32-bit integer hash): the same seed, the same turn. */
function unitFromSeed(seed: number): number {
  let h = Math.imul(Math.trunc(seed) ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

export function defaultStations(area: Circle, players: number, seed: number): DefaultStation[] {
  const n = defaultStationCount(area.radius, players);
  const turn = unitFromSeed(seed) * 2 * Math.PI;
  const reach = area.radius * STATION_SPREAD;
  return Array.from({ length: n }, (_, i) => {
    const distance = reach * Math.sqrt((i + 0.5) / n);
    const angle = turn + i * GOLDEN_ANGLE;
    const point = offsetMetres(area, distance * Math.cos(angle), distance * Math.sin(angle));
    const kind = ITEM_KINDS[i % ITEM_KINDS.length] ?? 'radar';
    return { ...point, kind, label: `Station ${i + 1}` };
  });
}

/** "6 item stations": how every set-up screen says it. */
export function stationCountText(n: number): string {
  return `${n} item station${n === 1 ? '' : 's'}`;
}
