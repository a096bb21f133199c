import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { CSRF_EXEMPT_ROUTES, KEY_ONLY_PREFIX } from '../../src/server/domains/identity/session-plugin';

/**
 * Walks Fastify's own route table, so a route added later is covered without anyone remembering to.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const concrete = (url: string) => url.replaceAll(/:[A-Za-z_]+/g, '1');

function apiRoutes() {
  const seen = new Set<string>();
  return t.app.routeTable.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (!r.url.startsWith('/api/') || r.method === 'HEAD' || r.method === 'OPTIONS' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The routes a session opens: all but the outside API's, which an API key alone opens (decision 0560). */
const sessionRoutes = () => apiRoutes().filter((r) => !r.url.startsWith(KEY_ONLY_PREFIX));

describe('route table', () => {
  it('has routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThan(3);
  });

  it('refuses every admin route to an anonymous caller with 401', async () => {
    const anon = await t.visitor();
    for (const route of apiRoutes().filter((r) => r.url.startsWith('/api/admin'))) {
      const res = await anon.inject({ method: route.method as 'GET', url: concrete(route.url), payload: MUTATING.has(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(res.json()).toEqual({ message: 'Unauthenticated', code: 'unauthenticated' });
    }
  });

  it('refuses every admin route to a host (not an admin) with 403', async () => {
    const host = await t.as('host');
    for (const route of apiRoutes().filter((r) => r.url.startsWith('/api/admin'))) {
      const res = await host.inject({ method: route.method as 'GET', url: concrete(route.url), payload: MUTATING.has(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
    }
  });

  it('refuses every host console route to an anonymous caller (401) and to a user who is neither admin nor host (403)', async () => {
    const anon = await t.visitor();
    const user = await t.as('user');
    const hostRoutes = apiRoutes().filter((r) => r.url.startsWith('/api/host'));
    expect(hostRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of hostRoutes) {
      const label = `${route.method} ${route.url}`;
      const payload = MUTATING.has(route.method) ? {} : undefined;
      const a = await anon.inject({ method: route.method as 'GET', url: concrete(route.url), payload });
      expect({ label, status: a.statusCode }).toEqual({ label, status: 401 });
      const u = await user.inject({ method: route.method as 'GET', url: concrete(route.url), payload });
      expect({ label, status: u.statusCode }).toEqual({ label, status: 403 });
    }
  });

  /** A valid body per player route that needs one (the path after /api/play/:code/). */
  const VALID_PLAYER_BODIES: Record<string, object> = {
    positions: { lat: 51.5, lng: -0.1 },
    'me/team': { team_id: 1 },
    'found-chicken': { code: 'ABCDEF', position: { lat: 51.5, lng: -0.1, at: '2030-01-01T10:00:00.000Z' } },
    'backpack/pickup': { station_id: 1 },
    'backpack/use': { item_id: 1 },
    'check-in': { challenge_id: 1 },
    messages: { channel: 'team', text: 'hi' },
    hints: { challenge_id: 1, index: 0 },
    questions: { kind: 'radius', radius_m: 500 },
  };

  it("refuses every player route but the game's page and the join without a player token (401)", async () => {
    const anon = await t.visitor();
    const open = new Set(['GET /api/play/:code', 'POST /api/play/:code/join']);
    const playerRoutes = apiRoutes().filter((r) => r.url.startsWith('/api/play/') && !open.has(`${r.method} ${r.url}`));
    expect(playerRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of playerRoutes) {
      const label = `${route.method} ${route.url}`;
      // A valid body where one is needed, so the refusal is the token's, not the validation's.
      const payload = VALID_PLAYER_BODIES[route.url.split('/').slice(4).join('/')] ?? (MUTATING.has(route.method) ? {} : undefined);
      const res = await anon.inject({ method: route.method as 'GET', url: concrete(route.url), payload });
      expect({ label, status: res.statusCode }).toEqual({ label, status: 401 });
    }
  });

  it('refuses every mutating API route without the CSRF header with 419, even for an admin', async () => {
    const admin = await t.as('admin');
    for (const route of sessionRoutes().filter((r) => MUTATING.has(r.method) && !CSRF_EXEMPT_ROUTES.has(r.url))) {
      const res = await admin.inject({ method: route.method as 'POST', url: concrete(route.url), payload: {}, csrf: false });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 419 });
    }
  });
});

/**
 * The router decodes the path before matching, so `/%61pi/bookings` reaches `/api/bookings`. Every spelling the
 * router accepts must meet the same checks as the plain one; spellings it does not route must not reach a handler.
 */
function spellings(url: string): string[] {
  const rest = url.slice('/api'.length);
  return [`/%61pi${rest}`, `/ap%69${rest}`, `/%61%70%69${rest}`, `/API${rest}`, `//api${rest}`, `/api/${rest}`, `${url}/`, `${url}?`, `${url}#x`];
}

describe('routes without the CSRF token', () => {
  it('are only the payment webhook, whose signature is its proof: unsigned or forged, it is refused and nothing runs', async () => {
    expect([...CSRF_EXEMPT_ROUTES]).toEqual(['/api/payments/webhook']);
    const anon = await t.visitor();
    for (const url of ['/api/payments/webhook', ...spellings('/api/payments/webhook')]) {
      const res = await anon.inject({
        method: 'POST',
        url,
        payload: { id: 'evt_1', type: 'checkout.session.completed' },
        csrf: false,
        headers: { 'stripe-signature': 't=1,v1=forged' },
      });
      // 400 at the route (no valid signature); 419 or 404 where a spelling does not reach it.
      expect({ url, ok: [400, 404, 419].includes(res.statusCode) }).toEqual({ url, ok: true });
    }
  });
});

describe('the outside API (API keys only)', () => {
  it('refuses every route to an admin session, with or without the CSRF token, under every spelling (401)', async () => {
    const admin = await t.as('admin');
    const keyRoutes = apiRoutes().filter((r) => r.url.startsWith(KEY_ONLY_PREFIX));
    expect(keyRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of keyRoutes) {
      for (const url of [concrete(route.url), ...spellings(concrete(route.url))]) {
        for (const csrf of [true, false]) {
          const res = await admin.inject({ method: route.method as 'POST', url, payload: MUTATING.has(route.method) ? {} : undefined, csrf });
          const label = `${route.method} ${url} csrf=${String(csrf)}`;
          // 401 at the route (no key); 419 or 404 where a spelling does not reach it: never the route's work.
          expect({ label, ok: [401, 404, 419].includes(res.statusCode) }).toEqual({ label, ok: true });
        }
      }
    }
  });
});

describe('route table, spelled differently', () => {
  it('refuses every mutating API route without the CSRF header under every spelling of its path', async () => {
    const admin = await t.as('admin');
    for (const route of sessionRoutes().filter((r) => MUTATING.has(r.method) && !CSRF_EXEMPT_ROUTES.has(r.url))) {
      for (const url of spellings(concrete(route.url))) {
        const res = await admin.inject({ method: route.method as 'POST', url, payload: {}, csrf: false });
        const label = `${route.method} ${url}`;
        // 419 when the router reaches the route; a 404 means no route was reached, so nothing ran.
        expect({ label, status: res.statusCode, ok: res.statusCode === 419 || res.statusCode === 404 }).toEqual({ label, status: res.statusCode, ok: true });
        if (res.statusCode === 404) expect(res.headers['content-type']).toMatch(/json/);
      }
    }
  });

  it('refuses every admin route to an anonymous caller under every spelling of its path', async () => {
    const anon = await t.visitor();
    for (const route of apiRoutes().filter((r) => r.url.startsWith('/api/admin'))) {
      for (const url of spellings(concrete(route.url))) {
        const res = await anon.inject({ method: route.method as 'GET', url, payload: MUTATING.has(route.method) ? {} : undefined });
        const label = `${route.method} ${url}`;
        expect({ label, ok: res.statusCode === 401 || res.statusCode === 404 }).toEqual({ label, ok: true });
        if (res.statusCode === 404) expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
      }
    }
  });

  it('creates no booking, changes none and logs nobody out through an encoded path without the CSRF header', async () => {
    const visitor = await t.visitor();
    expect((await visitor.inject({ method: 'POST', url: '/%61pi/bookings', payload: {}, csrf: false })).statusCode).toBe(419);
    expect((await visitor.inject({ method: 'PATCH', url: '/ap%69/bookings/1', payload: {}, csrf: false })).statusCode).toBe(419);
    const admin = await t.as('admin');
    expect((await admin.inject({ method: 'POST', url: '/%61pi/auth/logout', csrf: false })).statusCode).toBe(419);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers an unknown API path in JSON under an encoded spelling, not with the web page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
