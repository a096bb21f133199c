import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';

/**
 * Issue 28: numeric ids in paths took `1.0`, `0x1`, `+1` and `1e0` as the row 1, so one row had many URLs. One id
 * schema (shared/api/common.ts idSchema) serves every numeric path parameter: any other spelling is a 422 naming the
 * parameter, and the plain spelling passes validation. Every route with one, from the app's own route table.
 */
let t: TestApp;
let admin: Agent;
let token = '';
let gameCode = '';
/** The outside API (/api/v1) takes only a key, never the admin's session (issue 39). */
let keySecret = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  ({ gameCode } = await createPaidBooking(t.db, { players: 6 }));
  const joined = await (await t.visitor()).post(`/api/play/${gameCode}/join`, { name: 'Ida' });
  expect(joined.statusCode).toBe(201);
  token = joined.json<{ token: string }>().token;
  const made = await admin.post('/api/admin/api-keys', { name: 'ids', scopes: ['bookings:read', 'bookings:write', 'games:read', 'finance:read'] });
  expect(made.statusCode).toBe(201);
  keySecret = made.json<{ secret: string }>().secret;
});
afterAll(async () => t.close());

// Row ids: `:id`, `:paymentId`, …; a payment provider's `:sessionId` is its own text, not ours.
const NUMERIC = /:(id|(?!session)[a-zA-Z]+Id)\b/g;

describe('numeric ids in paths', () => {
  it('refuse every spelling but plain digits with a 422 that names the parameter, on every route that has one', async () => {
    const routes = t.app.routeTable.filter((r) => NUMERIC.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const names = [...route.url.matchAll(NUMERIC)].map((m) => m[1] ?? '');
      const url = (id: string) => route.url.replace(':code', gameCode).replace(':key', 'k'.repeat(40)).replace(NUMERIC, id);
      const send = (id: string) =>
        route.url.startsWith('/api/v1/')
          ? t.app.inject({ method: route.method as 'GET', url: url(id), headers: { authorization: `Bearer ${keySecret}` } })
          : admin.inject({
              method: route.method as 'GET',
              url: url(id),
              headers: { 'x-player-token': token },
              ...(route.method === 'GET' ? {} : { payload: {} }),
            });
      const paramErrors = async (id: string) => {
        const res = await send(id);
        const errors = res.statusCode === 422 ? (res.json<{ errors?: Record<string, string[]> }>().errors ?? {}) : {};
        return { status: res.statusCode, named: names.filter((n) => n in errors) };
      };
      const plain = await paramErrors('1');
      if (plain.named.length > 0) wrong.push(`${route.method} ${route.url}: refuses 1`);
      for (const spelling of ['1.0', '0x1', '%2B1', '1e0', '01']) {
        const res = await paramErrors(spelling);
        if (res.status !== 422 || res.named.length === 0) wrong.push(`${route.method} ${route.url}: ${spelling} answered ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
