import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readCsrfMeta, TEST_PASSWORD, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health and pages', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('puts a CSRF meta tag in every HTML page and sets an HttpOnly SameSite=Lax session cookie', async () => {
    for (const url of ['/', '/login', '/admin/bookings', '/booking/ABC']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(readCsrfMeta(res.body)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const cookie = res.cookies.find((c) => c.name === 'hatch_session');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    }
  });

  it('carries the terms link and map tile settings into every page', async () => {
    const custom = await createTestApp({ TERMS_URL: 'https://terms.example.test/privacy?a=1&b=2', MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png' });
    try {
      const res = await custom.app.inject({ method: 'GET', url: '/booking/ABC' });
      expect(res.body).toContain('<meta name="terms-url" content="https://terms.example.test/privacy?a=1&amp;b=2">');
      expect(res.body).toContain('<meta name="map-tile-url" content="https://tiles.example.test/{z}/{x}/{y}.png">');
      expect(String(res.headers['content-security-policy'])).toContain('https://tiles.example.test');
    } finally {
      await custom.close();
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves the OpenAPI document and its reference page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/api/pricing');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('sends a CSP with no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Videos play from object URLs (the phone's preview, an answer fetched with the player's token): without this
    // the default-src 'self' left every such <video> empty.
    expect(csp).toContain("media-src 'self' blob:");
    // The players' service worker fetches map tiles to keep them for a dead zone (0433): the tile origin may be fetched.
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('sessions', () => {
  it('logs in, knows the user, and logs out', async () => {
    const user = await t.createUser({ role: 'admin', name: 'Ada Admin' });
    const agent = await t.visitor();
    const before = agent.cookie;
    const login = await agent.post('/api/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: user.email, name: 'Ada Admin', is_admin: true, is_host: false });
    expect(agent.cookie).not.toBe(before);

    const me = await agent.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    const out = await agent.post('/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const user = await t.createUser({ role: 'user' });
    const agent = await t.visitor();
    const wrong = await agent.post('/api/auth/login', { email: user.email, password: 'nope' });
    const unknown = await agent.post('/api/auth/login', { email: 'nobody@example.test', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a mutating call without the CSRF token or with a wrong one, changing nothing', async () => {
    const user = await t.createUser({ role: 'user' });
    const agent = await t.visitor();
    const missing = await agent.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD }, csrf: false });
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual({ message: 'CSRF token mismatch', code: 'csrf_mismatch' });
    const wrong = await agent.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      csrf: false,
      headers: { 'x-csrf-token': 'forged-token-value-000000000' },
    });
    expect(wrong.statusCode).toBe(419);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
  });

  it("names the session's token in a refusal, so a page with a stale one succeeds on its next try", async () => {
    const agent = await t.visitor();
    const send = (csrf: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: agent.cookie, 'x-csrf-token': csrf } });
    const stale = await send('token-of-a-page-saved-before-a-login-0000');
    expect(stale.statusCode).toBe(419);
    expect(stale.headers['x-csrf-token']).toBe(agent.csrf);
    const again = await send(String(stale.headers['x-csrf-token']));
    expect(again.statusCode).toBeLessThan(300);
    // Without a session there is no token to name.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-csrf-token': 'x'.repeat(40) } });
    expect(anonymous.statusCode).toBe(419);
    expect(anonymous.headers['x-csrf-token']).toBeUndefined();
  });

  it("does not accept one visitor's CSRF token with another visitor's cookie", async () => {
    const a = await t.visitor();
    const b = await t.visitor();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: a.cookie, 'x-csrf-token': b.csrf },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('errors', () => {
  it('answers 400 to malformed JSON and 422 with field errors to invalid input', async () => {
    const agent = await t.visitor();
    const bad = await agent.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    const invalid = await agent.post('/api/auth/login', { email: '', password: 'x' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'Email address is required', code: 'validation_failed', errors: { email: ['Email address is required'] } });
  });

  it('gives every error answer a stable machine-readable code beside the unchanged message (decision 0211)', async () => {
    const visitor = await t.visitor();
    const host = await t.as('host');
    const cases = [
      { res: await visitor.get('/api/auth/me'), status: 401, code: 'unauthenticated', message: 'Unauthenticated' },
      { res: await visitor.get('/api/admin/bookings'), status: 401, code: 'unauthenticated', message: 'Unauthenticated' },
      { res: await host.get('/api/admin/bookings'), status: 403, code: 'forbidden', message: 'This action is unauthorized.' },
      {
        res: await visitor.post('/api/auth/login', { email: 'nobody@example.test', password: 'nope' }),
        status: 401,
        code: 'invalid_credentials',
        message: 'Invalid email or password',
      },
      {
        res: await visitor.inject({ method: 'POST', url: '/api/auth/logout', csrf: false }),
        status: 419,
        code: 'csrf_mismatch',
        message: 'CSRF token mismatch',
      },
      {
        res: await visitor.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } }),
        status: 400,
        code: 'bad_request',
        message: 'The request body is not valid JSON.',
      },
      { res: await visitor.get('/api/pricing?currency=JPY'), status: 422, code: 'validation_failed', message: undefined },
      { res: await visitor.get('/api/booking/NO-SUCH-CODE'), status: 404, code: 'not_found', message: 'Booking not found' },
      { res: await visitor.inject({ method: 'DELETE', url: '/api/nope' }), status: 404, code: 'not_found', message: 'Not found' },
    ];
    for (const c of cases) {
      const body = c.res.json();
      expect({ status: c.res.statusCode, code: body.code }).toEqual({ status: c.status, code: c.code });
      if (c.message) expect(body.message).toBe(c.message);
      else expect(typeof body.message).toBe('string');
    }
  });
});

describe('pricing', () => {
  it('lists the three plans and the hosted add-on in pounds by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('GBP');
    expect(body.plans.map((p: { type: string; price: number; formatted_amount: string }) => [p.type, p.price, p.formatted_amount])).toEqual([
      ['standard', 15, '£15'],
      ['pro', 20, '£20'],
      ['bespoke', 25, '£25'],
    ]);
    expect(body.plans[0].description).toBe('Everything you need for a thrilling Chicken hunt');
    expect(body.plans[1]).toMatchObject({ name: 'Weapons', is_recommended: true });
    expect(body.plans[1].features.some((f: { is_new?: boolean }) => f.is_new)).toBe(true);
    expect(body.addons).toEqual([
      expect.objectContaining({ type: 'hosted', name: 'In-Person Host', price: 300, formatted_amount: '£300', note: '+ travel costs' }),
    ]);
  });

  it('names plans by their labels in the feature texts (Bespoke builds on Weapons, not "Pro")', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/pricing' })).json();
    const bespoke = body.plans.find((p: { type: string }) => p.type === 'bespoke');
    expect(bespoke.features[0].text).toBe('Everything in Weapons');
    expect(bespoke.description).toMatch(/^Everything in Weapons/);
    const names = body.plans.map((p: { name: string }) => p.name);
    for (const plan of body.plans) {
      for (const text of [plan.description, ...plan.features.map((f: { text: string }) => f.text)]) {
        const named = /^Everything in (\w+)/.exec(text);
        if (named) expect(names).toContain(named[1]);
      }
    }
  });

  it('answers in dollars and euros, and refuses an unknown currency with 422', async () => {
    const usd = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=USD' });
    expect(usd.json().plans[0].formatted_amount).toBe('$19');
    const eur = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=EUR' });
    expect(eur.json().addons[0].formatted_amount).toBe('€350');
    const bad = await t.app.inject({ method: 'GET', url: '/api/pricing?currency=JPY' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.currency).toBeDefined();
  });
});
