import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

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

describe('route table', () => {
  it('has routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThan(3);
  });

  it('refuses every admin route to an anonymous caller with 401', async () => {
    const anon = await t.visitor();
    for (const route of apiRoutes().filter((r) => r.url.startsWith('/api/admin'))) {
      const res = await anon.inject({ method: route.method as 'GET', url: concrete(route.url), payload: MUTATING.has(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(res.json()).toEqual({ message: 'Unauthenticated' });
    }
  });

  it('refuses every admin route to a host (not an admin) with 403', async () => {
    const host = await t.as('host');
    for (const route of apiRoutes().filter((r) => r.url.startsWith('/api/admin'))) {
      const res = await host.inject({ method: route.method as 'GET', url: concrete(route.url), payload: MUTATING.has(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
    }
  });

  it('refuses every mutating API route without the CSRF header with 419, even for an admin', async () => {
    const admin = await t.as('admin');
    for (const route of apiRoutes().filter((r) => MUTATING.has(r.method))) {
      const res = await admin.inject({ method: route.method as 'POST', url: concrete(route.url), payload: {}, csrf: false });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 419 });
    }
  });
});
