import { z } from 'zod';
import type { PlaceType } from '../../../../shared/api/public-booking';
import { countryName, foldName, timeZoneAt } from './gazetteer';
import { GeocoderUnavailableError, type Geocoder, type Place } from './types';

/**
 * A Nominatim-compatible search API (GEOCODER_URL): the spec's own call (json, limit 10, address
 * details, English-GB), within the public server's usage policy: an identifying User-Agent, at most
 * one request a second from this process, and answers cached in memory.
 */

const addressSchema = z
  .object({
    city: z.string().optional(),
    town: z.string().optional(),
    village: z.string().optional(),
    municipality: z.string().optional(),
    province: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    country_code: z.string().optional(),
  })
  .loose();

const resultSchema = z
  .object({
    place_id: z.union([z.number(), z.string()]),
    osm_type: z.string().optional(),
    osm_id: z.union([z.number(), z.string()]).optional(),
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    display_name: z.string(),
    name: z.string().optional(),
    address: addressSchema.optional(),
  })
  .loose();

const answerSchema = z.array(z.unknown());

const KINDS: readonly PlaceType[] = ['city', 'town', 'village', 'municipality', 'province'];

/** A Nominatim result as a Place, or null when it is not a city, town, village, municipality or province. */
export function placeFromNominatim(value: unknown): Place | null {
  const parsed = resultSchema.safeParse(value);
  if (!parsed.success) return null;
  const r = parsed.data;
  const address = r.address ?? {};
  const type = KINDS.find((k) => typeof address[k] === 'string' && address[k] !== '');
  if (!type) return null;
  if (!Number.isFinite(r.lat) || !Number.isFinite(r.lon) || Math.abs(r.lat) > 90 || Math.abs(r.lon) > 180) return null;
  const code = (address.country_code ?? '').toUpperCase();
  const name = address[type] ?? r.name ?? r.display_name;
  return {
    id: r.osm_type && r.osm_id !== undefined ? `osm:${r.osm_type}:${r.osm_id}` : `nominatim:${r.place_id}`,
    name,
    display_name: r.display_name,
    lat: r.lat,
    lng: r.lon,
    country: address.country ?? (code ? countryName(code) : ''),
    country_code: code,
    timezone: timeZoneAt(r.lat, r.lon),
    type,
  };
}

export type NominatimOptions = {
  /** e.g. https://nominatim.openstreetmap.org (the /search path is added) or a full …/search URL. */
  baseUrl: string;
  userAgent: string;
  /** Least time between two upstream requests from this process (policy: 1 s). */
  minIntervalMs?: number;
  /** A request that would wait longer than this for its turn is refused (503) instead of queueing. */
  maxQueueMs?: number;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  timeoutMs?: number;
};

// One schedule for the whole process, whatever the number of apps or adapters in it.
let nextSlotAt = 0;

async function waitForSlot(minIntervalMs: number, maxQueueMs: number): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSlotAt);
  if (at - now > maxQueueMs) throw new GeocoderUnavailableError(503, 'too many suggestions waiting for the upstream geocoder');
  nextSlotAt = at + minIntervalMs;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

export function searchUrl(baseUrl: string, query: string, limit: number): string {
  const url = new URL(baseUrl);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('addressdetails', '1');
  return url.toString();
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const maxQueueMs = options.maxQueueMs ?? 5000;
  const ttl = options.cacheTtlMs ?? 60 * 60 * 1000;
  const maxEntries = options.cacheMaxEntries ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const cache = new Map<string, { expires: number; places: Place[] }>();
  const inflight = new Map<string, Promise<Place[]>>();

  async function fetchPlaces(query: string): Promise<Place[]> {
    await waitForSlot(minIntervalMs, maxQueueMs);
    let response: Response;
    try {
      response = await fetch(searchUrl(options.baseUrl, query, 10), {
        headers: { 'Accept-Language': 'en-GB', 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(502, error instanceof Error ? error.message : String(error));
    }
    if (response.status === 429 || response.status === 503) throw new GeocoderUnavailableError(503, `upstream answered ${response.status}`);
    if (!response.ok) throw new GeocoderUnavailableError(502, `upstream answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GeocoderUnavailableError(502, 'upstream answer is not JSON');
    }
    const list = answerSchema.safeParse(body);
    if (!list.success) throw new GeocoderUnavailableError(502, 'upstream answer is not a list');
    return list.data.map(placeFromNominatim).filter((p): p is Place => p !== null);
  }

  return {
    name: 'nominatim',
    async search(query, limit) {
      const key = foldName(query);
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.places.slice(0, limit);
      let pending = inflight.get(key);
      if (!pending) {
        pending = fetchPlaces(query).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const places = await pending;
      cache.delete(key);
      cache.set(key, { expires: Date.now() + ttl, places });
      // Oldest first in a Map: drop from the front when full.
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return places.slice(0, limit);
    },
  };
}
