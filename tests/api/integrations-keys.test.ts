import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import type { AdminCreateBookingInput } from '../../src/shared/api/admin-bookings';
import { apiKeysResponse, createApiKeyResponse, v1BookingsResponse } from '../../src/shared/api/integrations';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { eq } from 'drizzle-orm';
import { createPaidBooking } from '../support/fixtures';

/**
 * Issue 39: API keys on the outside API (/api/v1) and the webhook targets staff may add. The default settings:
 * WEBHOOK_ALLOW_PRIVATE unset, so loopback and private targets are refused; a small per-key limit to reach 429.
 */
let t: TestApp;
let admin: Agent & { userId: number };
const LIMIT = 8;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT: String(LIMIT) });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const booking = (over: Partial<AdminCreateBookingInput> = {}): AdminCreateBookingInput => ({
  players: 10,
  date: '2031-09-15',
  meeting_time: { hour: 14, minute: 30 },
  timezone: 'Europe/London',
  hosted: false,
  full_name: 'Made Through The API',
  email: 'api-made@example.test',
  duration: 120,
  initial_area_radius: 1000,
  initial_area_lat: 51.5074,
  initial_area_lng: -0.1278,
  initial_area_id: null,
  booking_status: 'lead',
  plan_type: 'pro',
  add_ons: [],
  city: 'London',
  ...over,
});

async function newKey(scopes: string[], name = 'CRM sync') {
  const res = await admin.post('/api/admin/api-keys', { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return createApiKeyResponse.parse(res.json());
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const v1 = (secret: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });

describe('API keys', () => {
  it('shows the secret once, then only the prefix, scopes, creator and last use', async () => {
    const made = await newKey(['bookings:read'], 'Accounting');
    expect(made.secret.startsWith(`${made.key.prefix}_`)).toBe(true);
    expect(made.key).toEqual({ id: made.key.id, name: 'Accounting', prefix: made.key.prefix, scopes: ['bookings:read'] });
    const list = apiKeysResponse.parse((await admin.get('/api/admin/api-keys')).json());
    const listed = list.api_keys.find((k) => k.id === made.key.id);
    expect(listed).toMatchObject({ name: 'Accounting', prefix: made.key.prefix, scopes: ['bookings:read'], last_used_at: null, revoked_at: null });
    expect(listed?.created_by?.id).toBe(admin.userId);
    expect(JSON.stringify(list)).not.toContain(made.secret);
  });

  it('lets a read key list bookings with cursor pagination, and refuses it a write (403)', async () => {
    const writer = await newKey(['bookings:write', 'bookings:read'], 'Website');
    for (const email of ['one@example.test', 'two@example.test', 'three@example.test']) {
      const res = await v1(writer.secret, 'POST', '/api/v1/bookings', booking({ email }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ booking: { email, booking_status: 'lead' } });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const reader = await newKey(['bookings:read']);
    const first = await v1(reader.secret, 'GET', '/api/v1/bookings?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = v1BookingsResponse.parse(first.json());
    expect(page1.data).toHaveLength(2);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = v1BookingsResponse.parse((await v1(reader.secret, 'GET', `/api/v1/bookings?limit=2&cursor=${page1.next_cursor ?? ''}`)).json());
    const emails = [...page1.data, ...page2.data].map((b) => b.email);
    expect(emails.slice(0, 3)).toEqual(['three@example.test', 'two@example.test', 'one@example.test']);
    const one = page1.data[0];
    const detail = await v1(reader.secret, 'GET', `/api/v1/bookings/${one?.id ?? 0}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ booking: { id: one?.id, email: 'three@example.test' } });

    const refused = await v1(reader.secret, 'POST', '/api/v1/bookings', booking({ email: 'nope@example.test' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key lacks the scope bookings:write.');
    expect((await v1(reader.secret, 'GET', '/api/v1/payments')).statusCode).toBe(403);
    expect(v1BookingsResponse.parse((await v1(reader.secret, 'GET', '/api/v1/bookings?email=nope%40example.test')).json()).data).toEqual([]);
    expect((await v1(reader.secret, 'GET', '/api/v1/bookings?cursor=garbage')).statusCode).toBe(422);
  });

  it('reads a game with its results (games:read) and the payments and invoices (finance:read), read-only', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { fullName: 'Game Reader' });
    const games = await newKey(['games:read']);
    const game = await v1(games.secret, 'GET', `/api/v1/games/${gameCode.toLowerCase()}`);
    expect(game.statusCode, game.body).toBe(200);
    expect(game.json()).toMatchObject({ game: { code: gameCode, status: 'not_started' }, results: { final: false, teams: [] } });
    expect((await v1(games.secret, 'GET', `/api/v1/bookings/${booking.id}`)).statusCode).toBe(403);

    const finance = await newKey(['finance:read']);
    const payments = await v1(finance.secret, 'GET', '/api/v1/payments?per_page=5');
    expect(payments.statusCode, payments.body).toBe(200);
    expect(payments.json().payments.some((p: { booking_id: number }) => p.booking_id === booking.id)).toBe(true);
    const invoices = await v1(finance.secret, 'GET', `/api/v1/bookings/${booking.id}/invoices`);
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.json()).toHaveProperty('invoices');
    expect((await v1(finance.secret, 'GET', '/api/v1/bookings')).statusCode).toBe(403);
  });

  it('refuses a revoked key at once (401), and an unknown or malformed one', async () => {
    const made = await newKey(['bookings:read']);
    expect((await v1(made.secret, 'GET', '/api/v1/bookings')).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/api-keys/${made.key.id}`)).statusCode).toBe(204);
    const after = await v1(made.secret, 'GET', '/api/v1/bookings');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid or revoked API key');
    const forged = `${made.key.prefix}_${'A'.repeat(43)}`;
    expect((await v1(forged, 'GET', '/api/v1/bookings')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it('never opens a session route, an admin route or a staff page, and a session never opens /api/v1', async () => {
    const made = await newKey(['bookings:read', 'bookings:write', 'games:read', 'finance:read']);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(made.secret) });
    expect(me.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/bookings', headers: bearer(made.secret) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer(made.secret) })).statusCode).toBe(401);
    // A mutating session route with a key and no CSRF token: refused before anything runs.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: bearer(made.secret), payload: booking() })).statusCode).toBe(419);
    // The staff page is the same shell an anonymous visitor gets: its data calls answer 401 to a key (above).
    const page = await t.app.inject({ method: 'GET', url: '/admin/bookings', headers: bearer(made.secret) });
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/bookings' });
    expect(page.statusCode).toBe(anonymous.statusCode);
    // An admin's session and CSRF token open nothing under /api/v1.
    expect((await admin.get('/api/v1/bookings')).statusCode).toBe(401);
    expect((await admin.post('/api/v1/bookings', booking())).statusCode).toBe(401);
  });

  it('sends RateLimit headers and answers 429 with Retry-After past the limit', async () => {
    const made = await newKey(['games:read']);
    const first = await v1(made.secret, 'GET', '/api/v1/games/NOSUCH');
    expect(first.statusCode).toBe(404);
    expect(first.headers['ratelimit-policy']).toBe(`"per-key";q=${LIMIT};w=60`);
    expect(first.headers.ratelimit).toMatch(/^"per-key";r=\d+;t=\d+$/);
    let last = first;
    for (let i = 0; i < LIMIT + 2 && last.statusCode !== 429; i++) last = await v1(made.secret, 'GET', '/api/v1/games/NOSUCH');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.headers.ratelimit).toMatch(/r=0;/);
    // Another key has its own limit.
    const other = await newKey(['games:read']);
    expect((await v1(other.secret, 'GET', '/api/v1/games/NOSUCH')).statusCode).toBe(404);
  });

  it('logs every use in the activity log without the key, and moves its last use', async () => {
    const made = await newKey(['bookings:read']);
    await v1(made.secret, 'GET', '/api/v1/bookings');
    await v1(made.secret, 'GET', '/api/v1/bookings/999999');
    // The log is written in batches (within 2 s): wait for the batch to land.
    const usesOf = async () => {
      const rows = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.entityId, String(made.key.id)));
      return { rows, uses: rows.filter((r) => r.action === 'api_key.use' && r.entityType === 'api_key') };
    };
    await vi.waitFor(async () => expect((await usesOf()).uses).toHaveLength(2), { timeout: 6_000, interval: 200 });
    const { rows, uses } = await usesOf();
    expect(uses.map((u) => u.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', route: '/api/v1/bookings', status: 200 }),
        expect.objectContaining({ method: 'GET', route: '/api/v1/bookings/:id', status: 404 }),
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain(made.secret);
    const listed = apiKeysResponse.parse((await admin.get('/api/admin/api-keys')).json()).api_keys.find((k) => k.id === made.key.id);
    expect(listed?.last_used_at).not.toBeNull();
  });

  it('refuses keys without a name or scope, with the messages', async () => {
    const res = await admin.post('/api/admin/api-keys', { name: '', scopes: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ name: ['Give the key a name.'], scopes: ['Choose at least one scope.'] });
  });

  it('lists the outside API in the OpenAPI document with each route’s scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/bookings'].get.security).toEqual([{ apiKey: ['bookings:read'] }]);
    expect(doc.paths['/api/v1/bookings'].post.security).toEqual([{ apiKey: ['bookings:write'] }]);
    expect(doc.paths['/api/v1/games/{code}'].get.security).toEqual([{ apiKey: ['games:read'] }]);
    expect(doc.paths['/api/v1/payments'].get.security).toEqual([{ apiKey: ['finance:read'] }]);
  });
});

describe('webhook targets (SSRF)', () => {
  const create = (url: string) => admin.post('/api/admin/webhooks', { url, events: ['booking.paid'] });

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['a private network', 'https://10.1.2.3/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['a name resolving to loopback', 'https://localhost/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['loopback written as IPv4-mapped IPv6', 'https://[::ffff:7f00:1]/hook'],
  ])('refuses %s with 422 on url, and stores nothing', async (_label, url) => {
    const res = await create(url);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['url']);
    expect((await admin.get('/api/admin/webhooks')).json().webhooks.some((w: { url: string }) => w.url === url)).toBe(false);
  });

  it('refuses plain http without the setting', async () => {
    const res = await create('http://93.184.215.14/hook');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.url).toEqual(['The URL must start with https://.']);
  });

  it('takes a public https address and gives its whsec_ secret once', async () => {
    const res = await create('https://93.184.215.14/hook');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.webhook).toEqual({ id: body.webhook.id, url: 'https://93.184.215.14/hook', events: ['booking.paid'] });
    expect(JSON.stringify((await admin.get('/api/admin/webhooks')).json())).not.toContain(body.secret);
  });
});
