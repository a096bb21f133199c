import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RouteRecord } from '../../src/server/app';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { sha256 } from '../../src/server/platform/crypto';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { diffFingerprints, fingerprintWatcher } from '../support/db-fingerprint';
import { asText, nastyValue, requestValueArb, safeEncode, toJsonSchema, toQueryString, validArb } from '../support/schema-arbitrary';

/**
 * Issue 8, fuzzing: for every route in app.routeTable, requests generated from the route's own zod
 * schemas (params, query, body, headers) and then broken. Never a 5xx, and a refused request leaves the
 * database exactly as it was. Routes added later are covered without anyone remembering to.
 * FUZZ_RUNS raises the runs per route (default 15); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const TIME_PER_ROUTE_MS = Number(process.env.FUZZ_TIME_MS ?? 2_500);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let admin: Agent;
let booker: Agent;
const known: { ids: string[]; codes: string[] } = { ids: [], codes: [] };

beforeAll(async () => {
  t = await createTestApp();
  const firstAdmin = await t.as('admin');
  admin = firstAdmin;
  booker = await t.visitor();
  // Real rows to aim at, so generated requests get past "not found" into the deeper code.
  const owned = await createBooking(t.db, { createdBySession: sha256(booker.cookie.split('=')[1] ?? '') });
  const other = await createBooking(t.db);
  const paid = await createPaidBooking(t.db);
  const [challenge] = await t.db.select({ id: challenges.id }).from(challenges).limit(1);
  const host = await t.createUser({ role: 'host' });
  known.ids = [owned.id, other.id, paid.booking.id, challenge?.id ?? 1, host.id, firstAdmin.userId].map(String);
  known.codes = [owned.tempCode, other.tempCode, paid.gameCode ?? '', paid.booking.tempCode].filter(Boolean);
});
afterAll(async () => t?.close());

function routesToFuzz(): RouteRecord[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (!r.url.startsWith('/api/') || r.method === 'HEAD' || r.method === 'OPTIONS' || seen.has(key)) return false;
    // The API reference (swagger-ui's static files) has no input to break.
    if (r.url.startsWith('/api/docs')) return false;
    seen.add(key);
    return true;
  });
}

type Generated = {
  params: Record<string, string>;
  query: string;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
  headers: Record<string, string>;
};

function requestArb(route: RouteRecord): fc.Arbitrary<Generated> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  const paramsSchema = toJsonSchema(schema.params);
  const paramArbs = Object.fromEntries(
    paramNames.map((name) => {
      const own = paramsSchema?.properties?.[name];
      const likely = /code/i.test(name) ? known.codes : known.ids;
      return [
        name,
        fc
          .oneof(
            { weight: 3, arbitrary: fc.constantFrom(...likely) },
            { weight: 2, arbitrary: own ? validArb(own).map(asText) : fc.string({ maxLength: 12 }) },
            { weight: 2, arbitrary: nastyValue.map(asText) },
          )
          .map((v) => v.slice(0, 2_000)),
      ];
    }),
  );
  const querySchema = toJsonSchema(schema.querystring);
  const bodySchema = toJsonSchema(schema.body);
  const headersSchema = toJsonSchema(schema.headers);
  const body: fc.Arbitrary<Generated['body']> = MUTATING.has(route.method)
    ? fc.oneof(
        { weight: 8, arbitrary: (bodySchema ? requestValueArb(bodySchema) : nastyValue).map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('raw' as const),
            text: fc.constantFrom('{"a":', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', 'a=1&b=2', '\u0000'),
            type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
          }),
        },
      )
    : fc.constant({ kind: 'none' as const });
  const headers = fc.record({
    bookingCode: fc.option(fc.oneof(fc.constantFrom(...known.codes), nastyValue.map(asText)), { nil: undefined }),
    idempotency: fc.option(fc.oneof(fc.uuid(), nastyValue.map(asText)), { nil: undefined }),
    declared: headersSchema ? requestValueArb(headersSchema) : fc.constant(undefined),
  });
  return fc.record({
    params: fc.record(paramArbs),
    query: querySchema
      ? requestValueArb(querySchema).map(toQueryString)
      : fc.oneof(
          fc.constant(''),
          nastyValue.map((v) => `x=${safeEncode(asText(v))}`),
        ),
    body,
    headers: headers.map(({ bookingCode, idempotency, declared }) => {
      const out: Record<string, string> = {};
      // Header values must be visible ASCII for HTTP; anything else is refused by the HTTP layer itself.
      const clean = (v: string) => v.replaceAll(/[^\x20-\x7e]/g, '').slice(0, 500);
      if (bookingCode !== undefined) out['x-booking-code'] = clean(bookingCode);
      if (idempotency !== undefined) out['idempotency-key'] = clean(idempotency);
      if (declared && typeof declared === 'object' && !Array.isArray(declared)) {
        for (const [k, v] of Object.entries(declared)) if (/^[a-z0-9-]+$/i.test(k)) out[k.toLowerCase()] = clean(asText(v));
      }
      return out;
    }),
  });
}

function urlOf(route: RouteRecord, generated: Generated): string {
  let path = route.url.replaceAll(/:([A-Za-z_]+)/g, (_, name: string) => safeEncode(generated.params[name] ?? '1'));
  path = path.replace('*', 'x');
  return generated.query ? `${path}?${generated.query}` : path;
}

let ipCounter = 0;
const describeRequest = (method: string, url: string, g: Generated) =>
  `${method} ${url.slice(0, 300)} headers=${JSON.stringify(g.headers).slice(0, 200)} body=${JSON.stringify(g.body).slice(0, 400)}`;

async function ensureAdmin(): Promise<void> {
  if ((await admin.get('/api/auth/me')).statusCode !== 200) admin = await t.as('admin');
}

describe('fuzzing every route from its own schema', () => {
  it('reads the fingerprint again after a write, and only then (the fuzzer below compares after every request)', async () => {
    const fingerprint = fingerprintWatcher(t.db);
    const before = await fingerprint();
    expect((await booker.get('/api/pricing')).statusCode).toBe(200);
    expect(await fingerprint()).toBe(before);
    await createBooking(t.db);
    const after = await fingerprint();
    expect(diffFingerprints(before, after)).toContain('bookings');
  });

  it('never answers 5xx, and a refused request changes nothing in the database', async () => {
    const routes = routesToFuzz();
    expect(routes.length).toBeGreaterThan(3);
    const failures: string[] = [];
    const counts: string[] = [];
    // Read again only after a write (db-fingerprint.ts): most requests here are refused and write nothing.
    const fingerprint = fingerprintWatcher(t.db);
    let baseline = await fingerprint();

    for (const route of routes) {
      let runs = 0;
      const statuses = new Map<number, number>();
      const property = fc.asyncProperty(requestArb(route), async (generated) => {
        runs++;
        const url = urlOf(route, generated);
        const agent = route.url.startsWith('/api/admin') ? admin : booker;
        const payload =
          generated.body.kind === 'json'
            ? { payload: JSON.stringify(generated.body.value) ?? 'null', headers: { ...generated.headers, 'content-type': 'application/json' } }
            : generated.body.kind === 'raw'
              ? { payload: generated.body.text, headers: { ...generated.headers, 'content-type': generated.body.type } }
              : { headers: generated.headers };
        const res = await agent.inject({
          method: route.method as 'GET',
          url,
          remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
          ...payload,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} for ${describeRequest(route.method, url, generated)}`);
        if (res.statusCode >= 400) {
          const type = String(res.headers['content-type'] ?? '');
          if (!type.includes('application/json'))
            throw new Error(`a ${res.statusCode} that is not JSON (${type}) for ${describeRequest(route.method, url, generated)}`);
          const message: unknown = res.json<{ message?: unknown }>().message;
          if (typeof message !== 'string' || !message)
            throw new Error(`a ${res.statusCode} without a message for ${describeRequest(route.method, url, generated)}`);
          const after = await fingerprint();
          const changed = diffFingerprints(baseline, after);
          if (changed.length) {
            baseline = after;
            throw new Error(`refused with ${res.statusCode} but changed ${changed.join(', ')} for ${describeRequest(route.method, url, generated)}`);
          }
        } else {
          baseline = await fingerprint();
        }
      });
      let result = await fc.check(property, {
        numRuns: RUNS,
        seed: SEED,
        interruptAfterTimeLimit: TIME_PER_ROUTE_MS,
        markInterruptAsFailure: false,
        endOnFailure: true,
      });
      // A slow route (login runs scrypt) on a busy machine still gets at least one run.
      if (result.interrupted && runs === 0) result = await fc.check(property, { numRuns: 1, seed: SEED, endOnFailure: true });
      if (result.failed) {
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : (fc.defaultReportMessage(result) ?? 'failed');
        failures.push(`${route.method} ${route.url}: ${error}`);
      }
      counts.push(`${route.method} ${route.url}: ${runs} runs ${JSON.stringify(Object.fromEntries(statuses))}`);
      await ensureAdmin();
      baseline = await fingerprint();
    }
    if (process.env.FUZZ_VERBOSE) process.stdout.write(`fuzz seed ${SEED}\n${counts.join('\n')}\n`);
    if (failures.length) process.stdout.write(`fuzz failures (FUZZ_SEED=${SEED}):\n${failures.join('\n\n')}\n`);
    expect(failures.join('\n\n'), `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toBe('');
  }, 300_000);
});
