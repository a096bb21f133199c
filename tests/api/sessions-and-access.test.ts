import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../src/server/domains/identity/tables/users';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/server/domains/identity/sessions';
import { sha256 } from '../../src/server/platform/crypto';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { databaseFingerprint, diffFingerprints } from '../support/db-fingerprint';
import { CODE_GUESS_LIMIT } from '../../src/server/platform/code-guesses';
import { CODE_MISS_LIMIT } from '../../src/server/domains/booking/booker-game/booker-game-service';

/**
 * Issue 8, security: sessions, cookies and headers, and what a booking code reaches. Written up in docs/SECURITY.md.
 * Split from security.test.ts, whose tests of sign-in run at the production password cost: these log in only to get a
 * session, so they run at the test-only cost (decision 0322).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let ipCounter = 0;
/** inject() lets each test speak from its own address, so the per-address limit of one test does not leak. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('sessions', () => {
  const sessionKeyOf = (cookie: string) => sha256(cookie.split('=')[1] ?? '');

  it('uses 256-bit random, never repeated session ids', async () => {
    const values = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      const cookie = res.cookies.find((c) => c.name === 'hatch_session');
      // A kind prefix (visitor or signed in), then 32 random bytes in base64url.
      expect(cookie?.value).toMatch(/^[vs]_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(cookie?.value.slice(2) ?? '', 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      values.add(cookie?.value ?? '');
    }
    expect(values.size).toBe(50);
  });

  it('gives a new session id at login (no fixation) and stores only its hash', async () => {
    const user = await t.createUser({ role: 'user' });
    const agent = await t.visitor();
    const anonymous = agent.cookie;
    expect(
      (await agent.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD }, remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(200);
    expect(agent.cookie).not.toBe(anonymous);
    // The pre-login cookie does not carry the login.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: anonymous } });
    expect(old.statusCode).toBe(401);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(sessionKeyOf(agent.cookie));
    expect(rows[0]?.id).not.toContain(agent.cookie.split('=')[1]);
  });

  it("never takes a visitor's token for a login, even if a session row claimed it", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const agent = await t.visitor();
    // A visitor's token is never looked up: only tokens issued at login can belong to a session.
    await t.db.insert(sessions).values({ id: sessionKeyOf(agent.cookie), userId: admin.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
    expect((await agent.get('/api/admin/bookings')).statusCode).toBe(401);
    // A login issues a token of the other kind, which is looked up.
    expect(
      (await agent.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: TEST_PASSWORD }, remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(200);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
  });

  it(`ends a session idle for more than ${SESSION_IDLE_MS / 3_600_000} hours`, async () => {
    const agent = await t.as('user');
    const key = sessionKeyOf(agent.cookie);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 60_000) })
      .where(eq(sessions.id, key));
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.id, key));
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, key))).toHaveLength(0);
  });

  it(`ends a session ${SESSION_ABSOLUTE_MS / 86_400_000} days after login even when it is in constant use`, async () => {
    const agent = await t.as('user');
    const key = sessionKeyOf(agent.cookie);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, key));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0) - SESSION_ABSOLUTE_MS)).toBeLessThan(5_000);
    // Move the login back in time: logged in 7 days and a minute ago, last seen a second ago.
    const createdAt = new Date(Date.now() - SESSION_ABSOLUTE_MS - 60_000);
    await t.db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS), lastSeenAt: sql`now()` })
      .where(eq(sessions.id, key));
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('ends the session on the server at logout: a copied cookie no longer works', async () => {
    const agent = await t.as('admin');
    const copied = agent.cookie;
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(204);
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: copied } });
    expect(replay.statusCode).toBe(401);
  });

  it('ends every session of a user whose roles change (on every device), and only theirs', async () => {
    const admin = await t.as('admin');
    const host = await t.createUser({ role: 'host' });
    const devices = await Promise.all([t.visitor(), t.visitor()]);
    for (const device of devices) {
      expect(
        (await device.inject({ method: 'POST', url: '/api/auth/login', payload: { email: host.email, password: TEST_PASSWORD }, remoteAddress: freshIp() }))
          .statusCode,
      ).toBe(200);
    }
    const bystander = await t.as('host');
    const res = await admin.patch(`/api/admin/users/${host.id}/roles`, { is_admin: true, is_host: true });
    expect(res.statusCode).toBe(200);
    for (const device of devices) expect((await device.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, host.id))).toHaveLength(0);
    expect((await bystander.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ignores a session cookie that is not one of ours (wrong shape, unknown value)', async () => {
    for (const value of ['x', 'a'.repeat(500), "abc'; drop table users; --aaaaaaaaaaaaaaa", 'A'.repeat(43)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `hatch_session=${encodeURIComponent(value)}` } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('cookies and headers over HTTPS (behind a proxy)', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => https?.close());

  it('names the cookie __Host-hatch_session, Secure, Path=/ and no Domain, and sends HSTS', async () => {
    const page = await https.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const cookie = page.cookies.find((c) => c.name === '__Host-hatch_session');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(page.cookies.find((c) => c.name === 'hatch_session')).toBeUndefined();
    expect(String(page.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);

    // Logging in over HTTPS keeps the prefix and the session works on the next call.
    const user = await https.createUser({ role: 'admin' });
    const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', cookie: `__Host-hatch_session=${cookie?.value}`, 'x-csrf-token': csrf },
    });
    expect(res.statusCode).toBe(200);
    const loggedIn = res.cookies.find((c) => c.name === '__Host-hatch_session');
    expect(loggedIn).toMatchObject({ secure: true, path: '/' });
    const me = await https.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https', cookie: `__Host-hatch_session=${loggedIn?.value}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const cookie = page.cookies.find((c) => c.name === 'hatch_session');
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('security headers', () => {
  const directivesOf = (csp: string): Record<string, string[]> =>
    Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
  /** A fetch directive that is not named takes default-src's list (CSP Level 3). */
  const effective = (directives: Record<string, string[]>, name: string) => directives[name] ?? directives['default-src'];

  it('sends a strict CSP, nosniff, a referrer policy and no framing on pages', async () => {
    for (const url of ['/', '/login', '/booking/ABC', '/admin/bookings']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = directivesOf(csp);
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(directives['base-uri'], url).toEqual(["'none'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(directives['default-src'], url).toEqual(["'self'"]);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  // Decision 0605: an API answer carries OWASP's REST headers, with a CSP stricter than the page's in every directive
  // (nothing may load, run, post or frame), and none of the headers only a document reads.
  it('sends API answers a CSP that allows nothing, nosniff, no framing, no caching, and no document-only headers', async () => {
    for (const url of ['/api/pricing', '/api/nope', '/%61pi/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      const directives = directivesOf(String(res.headers['content-security-policy']));
      for (const name of ['default-src', 'script-src', 'object-src', 'style-src', 'img-src', 'connect-src']) {
        expect(effective(directives, name), `${url} ${name}`).toEqual(["'none'"]);
      }
      expect(directives['base-uri'], url).toEqual(["'none'"]);
      expect(directives['form-action'], url).toEqual(["'none'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['strict-transport-security']), url).toMatch(/max-age=\d{7,}/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      for (const documentOnly of [
        'x-xss-protection',
        'origin-agent-cluster',
        'cross-origin-opener-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('answers errors as JSON without stack traces or SQL', async () => {
    const agent = await t.visitor();
    const res = await agent.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": "a@b.c", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).not.toMatch(/at .*\.ts|node_modules|select |insert /i);
  });
});

describe('object-level access by code', () => {
  const lookupIp = () => `192.0.2.${++ipCounter % 250}`;

  it("reaches only the code's own booking: another booking's code cannot read or change it", async () => {
    const a = await createBooking(t.db);
    const b = await createBooking(t.db);
    const visitor = await t.visitor();
    const readA = await visitor.inject({ method: 'GET', url: `/api/booking/${a.tempCode.toLowerCase()}`, remoteAddress: lookupIp() });
    expect(readA.statusCode).toBe(200);
    expect(readA.json().booking).toMatchObject({ id: a.id, code_type: 'temp' });
    expect(JSON.stringify(readA.json())).not.toContain(b.tempCode);
    const before = await databaseFingerprint(t.db);
    const withOtherCode = await visitor.inject({
      method: 'PATCH',
      url: `/api/bookings/${b.id}`,
      payload: { full_name: 'Mallory' },
      headers: { 'x-booking-code': a.tempCode },
      remoteAddress: lookupIp(),
    });
    expect(withOtherCode.statusCode).toBe(404);
    const withoutCode = await visitor.inject({ method: 'PATCH', url: `/api/bookings/${b.id}`, payload: { full_name: 'Mallory' }, remoteAddress: lookupIp() });
    expect(withoutCode.statusCode).toBe(404);
    expect(diffFingerprints(before, await databaseFingerprint(t.db))).toEqual([]);
    const own = await visitor.inject({
      method: 'PATCH',
      url: `/api/bookings/${b.id}`,
      payload: { full_name: 'Bea' },
      headers: { 'x-booking-code': b.tempCode },
      remoteAddress: lookupIp(),
    });
    expect(own.statusCode).toBe(200);
  });

  it('does not let a temporary code act as a game code on any game route', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    expect(gameCode).toBeTruthy();
    const validBodies: Record<string, unknown> = {
      teams: { teams: [{ name: 'Foxes', players: 'Ann, Bob' }] },
      locations: { meeting_point_address: '1 Main Street' },
      'game-area': { lat: 51.5, lng: -0.12, radius: 1000 },
      chicken: { assigned_chicken: 'self' },
      challenges: { added_challenges: [] },
      activate: { booking_id: booking.id },
      briefing: { briefing: 'Stay together.', finish_message: 'Meet at the start.' },
      recap: { published: true },
      script: { steps: [] },
      'question-rules': { cost_points: 0, cooldown_seconds: 300 },
    };
    // The invoices, the buyer's details and paying with a gift voucher are the booking's, not the game's: either code
    // with the key (issue 32); so are the booking's terms and who accepted them (issue 41).
    const eitherCode = new Set(['invoices', 'invoice-details', 'voucher', 'consents', 'terms']);
    const gameRoutes = t.app.routeTable.filter(
      (r) => /^\/api\/booking\/:code\/[a-z-]+$/.test(r.url) && r.method !== 'HEAD' && !eitherCode.has(r.url.split('/').at(-1) ?? ''),
    );
    expect(gameRoutes.length).toBeGreaterThan(0);
    const visitor = await t.visitor();
    const before = await databaseFingerprint(t.db);
    for (const route of gameRoutes) {
      const section = route.url.split('/').at(-1) ?? '';
      const res = await visitor.inject({
        method: route.method as 'GET',
        url: route.url.replace(':code', booking.tempCode),
        ...(route.method === 'GET' ? {} : { payload: (validBodies[section] ?? {}) as object }),
        remoteAddress: lookupIp(),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 404 });
    }
    expect(diffFingerprints(before, await databaseFingerprint(t.db))).toEqual([]);
    // The game code with the organiser's management key works.
    const ok = await visitor.inject({
      method: 'PUT',
      url: `/api/booking/${gameCode}/teams`,
      payload: validBodies.teams as object,
      headers: { 'x-manage-key': booking.manageKey },
      remoteAddress: lookupIp(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it(`limits code look-ups per address: after ${CODE_GUESS_LIMIT.perIp} in a window, 429 with Retry-After`, async () => {
    const ip = lookupIp();
    const statuses: number[] = [];
    for (let i = 0; i < CODE_GUESS_LIMIT.perIp; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/booking/GUESS${String(i).padStart(7, '0')}`, remoteAddress: ip })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    const limited = await t.app.inject({ method: 'GET', url: '/api/booking/GUESS9999999', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/booking/GUESS9999999', remoteAddress: lookupIp() })).statusCode).toBe(404);
  });

  it(`limits wrong game codes per address: after ${CODE_MISS_LIMIT.limit} misses, 429`, async () => {
    const ip = lookupIp();
    for (let i = 0; i < CODE_MISS_LIMIT.limit; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/booking/MISS${String(i).padStart(6, '0')}/challenges`, remoteAddress: ip })).statusCode).toBe(404);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/booking/MISS999999/challenges', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
