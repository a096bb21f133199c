import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

type Place = {
  id: string;
  name: string;
  display_name: string;
  lat: number;
  lng: number;
  country: string;
  country_code: string;
  timezone: string | null;
  type: string;
};

describe('GET /api/geocode, offline gazetteer (no GEOCODER_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ results: Place[] }>().results;
  };

  it('finds cities by name prefix, biggest first, with coordinates and time zone', async () => {
    const results = await search('lond');
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0]).toMatchObject({
      name: 'London',
      display_name: 'London, England, United Kingdom',
      country: 'United Kingdom',
      country_code: 'GB',
      timezone: 'Europe/London',
      type: 'city',
    });
    expect(results[0]!.id).toMatch(/^geonames:\d+$/);
    expect(results[0]!.lat).toBeCloseTo(51.5, 0);
    expect(results[0]!.lng).toBeCloseTo(-0.13, 0);
    expect(results.every((p) => p.name.toLowerCase().startsWith('lond'))).toBe(true);
  });

  it('ignores case and accents both ways', async () => {
    expect((await search('zurich'))[0]).toMatchObject({ name: 'Zürich', timezone: 'Europe/Zurich' });
    expect((await search('ZÜR'))[0]!.name).toBe('Zürich');
    expect((await search('sao paulo'))[0]!.name).toBe('São Paulo');
  });

  it('labels towns and villages and gives each a time zone', async () => {
    const results = await search('New York');
    expect(results[0]).toMatchObject({ name: 'New York City', display_name: 'New York City, NY, United States', timezone: 'America/New_York', type: 'city' });
    const types = new Set((await search('ab')).map((p) => p.type));
    for (const type of types) expect(['city', 'town', 'village', 'municipality', 'province']).toContain(type);
  });

  it('answers nothing below 2 characters and for unknown names', async () => {
    expect(await search('l')).toEqual([]);
    expect(await search('  ')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('qqqxzz')).toEqual([]);
    const none = await t.app.inject({ method: 'GET', url: '/api/geocode' });
    expect(none.json()).toEqual({ results: [] });
  });
});

type Seen = { url: URL; headers: IncomingMessage['headers']; at: number };

describe('GET /api/geocode through a Nominatim-compatible server (GEOCODER_URL)', () => {
  let t: TestApp;
  let server: Server;
  const seen: Seen[] = [];
  let mode: 'ok' | 'error' | 'busy' | 'garbage' = 'ok';

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({ url, headers: req.headers, at: Date.now() });
      if (mode === 'error') return void res.writeHead(500).end('boom');
      if (mode === 'busy') return void res.writeHead(429).end('slow down');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (mode === 'garbage') return void res.end('{"not":"a list"}');
      const q = url.searchParams.get('q') ?? '';
      res.end(
        JSON.stringify([
          {
            place_id: 1,
            osm_type: 'relation',
            osm_id: 7444,
            lat: '48.8588897',
            lon: '2.3200410',
            display_name: `${q}, Île-de-France, France métropolitaine, France`,
            name: q,
            address: { city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'fr' },
          },
          {
            place_id: 2,
            lat: '48.85',
            lon: '2.35',
            display_name: 'Rue de Paris, Somewhere, France',
            address: { road: 'Rue de Paris', country: 'France', country_code: 'fr' },
          },
          {
            place_id: 3,
            osm_type: 'node',
            osm_id: 99,
            lat: '33.6609389',
            lon: '-95.555513',
            display_name: 'Paris, Lamar County, Texas, United States',
            address: { town: 'Paris', state: 'Texas', country: 'United States', country_code: 'us' },
          },
          { place_id: 4, lat: 'not-a-number', lon: '1', display_name: 'Broken', address: { village: 'Broken' } },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://play.hatch.test' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('asks with the spec parameters and headers, keeps only places, and maps them with a time zone', async () => {
    mode = 'ok';
    const res = await t.app.inject({ method: 'GET', url: '/api/geocode?q=Paris' });
    expect(res.statusCode).toBe(200);
    const request = seen.at(-1)!;
    expect(request.url.pathname).toBe('/search');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ q: 'Paris', format: 'json', limit: '10', addressdetails: '1' });
    expect(request.headers['accept-language']).toBe('en-GB');
    expect(request.headers['user-agent']).toMatch(/^hatch-booking\/.+play\.hatch\.test/);
    expect(res.json().results).toEqual([
      {
        id: 'osm:relation:7444',
        name: 'Paris',
        display_name: 'Paris, Île-de-France, France métropolitaine, France',
        lat: 48.8588897,
        lng: 2.320041,
        country: 'France',
        country_code: 'FR',
        timezone: 'Europe/Paris',
        type: 'city',
      },
      {
        id: 'osm:node:99',
        name: 'Paris',
        display_name: 'Paris, Lamar County, Texas, United States',
        lat: 33.6609389,
        lng: -95.555513,
        country: 'United States',
        country_code: 'US',
        timezone: 'America/Chicago',
        type: 'town',
      },
    ]);
  });

  it('answers a repeated query from its cache', async () => {
    mode = 'ok';
    const before = seen.length;
    const first = await t.app.inject({ method: 'GET', url: '/api/geocode?q=Lyon' });
    const again = await t.app.inject({ method: 'GET', url: '/api/geocode?q=lyon' });
    expect(again.json()).toEqual(first.json());
    expect(seen.length - before).toBe(1);
  });

  it('sends at most one request a second upstream, even when asked at once', async () => {
    mode = 'ok';
    const before = seen.length;
    const answers = await Promise.all(['Berlin', 'Bern', 'Bergen'].map((q) => t.app.inject({ method: 'GET', url: `/api/geocode?q=${q}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const times = seen.slice(before).map((s) => s.at);
    expect(times).toHaveLength(3);
    // The stand-in sees arrivals: on a loaded machine a late first arrival brings the next one closer by tens of
    // milliseconds. Without the limit all three arrive within a few milliseconds of each other.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
  });

  it('answers 502 with the suggestion failure text when the upstream fails, and 503 when it refuses', async () => {
    mode = 'error';
    const failed = await t.app.inject({ method: 'GET', url: '/api/geocode?q=Madrid' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'Failed to fetch city suggestions. Please try again.', code: 'upstream_failed', request_id: expect.any(String) });
    mode = 'garbage';
    expect((await t.app.inject({ method: 'GET', url: '/api/geocode?q=Rome' })).statusCode).toBe(502);
    mode = 'busy';
    const busy = await t.app.inject({ method: 'GET', url: '/api/geocode?q=Oslo' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toBe('Failed to fetch city suggestions. Please try again.');
    // A failure is not cached: the next try goes upstream again.
    mode = 'ok';
    expect((await t.app.inject({ method: 'GET', url: '/api/geocode?q=Madrid' })).statusCode).toBe(200);
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const down = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:1' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/geocode?q=Vienna' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Failed to fetch city suggestions. Please try again.', code: 'upstream_failed', request_id: expect.any(String) });
    } finally {
      await down.close();
    }
  });
});
