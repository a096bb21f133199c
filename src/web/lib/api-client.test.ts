import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { adminBookingDetailEndpoints } from '../../shared/api/endpoints/admin-booking-detail';
import { adminUsersEndpoints } from '../../shared/api/endpoints/admin-users';
import { authEndpoints } from '../../shared/api/endpoints/auth';
import { pricingEndpoint } from '../../shared/api/endpoints/pricing';
import type { Pricing } from '../../shared/api/pricing';
import { ApiError, CSRF_MISSING, api, isSessionExpired, lazyEndpoint } from './api-client';

/** The browser the client runs in, reduced to what it touches: one page with a CSRF meta tag, and fetch. */
type Sent = { url: string; method: string; headers: Record<string, string>; body: string | undefined };
let sent: Sent[] = [];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  const meta = { content: 'token-1', name: 'csrf-token' };
  vi.stubGlobal('window', { location: { origin: 'http://app.test', pathname: '/admin', search: '', assign: () => undefined }, setTimeout: () => 0 });
  vi.stubGlobal('document', { querySelector: () => meta, createElement: () => meta, head: { append: () => undefined } });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    sent.push({
      url: String(url),
      method: String(init.method),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body === undefined ? undefined : String(init.body),
    });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 3, name: 'Sam', email: 'sam@example.test', is_admin: false, is_host: true, created_at: '2030-01-01T00:00:00.000Z' };

describe('api(endpoint, options)', () => {
  it('fills the path from params, drops empty query values, sends the body with the CSRF header, and parses the answer', async () => {
    answer = () => json(200, { user: { ...user, extra: 'dropped' } });
    const result = await api(adminUsersEndpoints.updateRoles, { params: { id: 7 }, body: { is_admin: true, is_host: false } });
    expect(sent).toEqual([
      {
        url: 'http://app.test/api/admin/users/7/roles',
        method: 'PATCH',
        headers: { Accept: 'application/json', 'Accept-Language': 'en', 'X-CSRF-TOKEN': 'token-1', 'Content-Type': 'application/json' },
        body: '{"is_admin":true,"is_host":false}',
      },
    ]);
    expect(result.user).not.toHaveProperty('extra');
    expectTypeOf(result.user.is_host).toEqualTypeOf<boolean>();
  });

  it('encodes path params and leaves null, undefined and blank query values out', async () => {
    answer = () => json(200, { data: [] });
    const { adminChallengesEndpoints } = await import('../../shared/api/endpoints/admin-challenges');
    await api(adminChallengesEndpoints.list, { query: { spice_level: null } });
    answer = () => json(404, { message: 'Challenge not found', code: 'not_found' });
    await expect(api(adminChallengesEndpoints.get, { params: { id: 'a/b c' } })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Challenge not found',
    });
    expect(sent.map((s) => s.url)).toEqual(['http://app.test/api/admin/challenges', 'http://app.test/api/admin/challenges/a%2Fb%20c']);
  });

  it('refuses an answer its schema does not accept', async () => {
    answer = () => json(200, { user: { id: 'not a number' } });
    await expect(api(authEndpoints.me)).rejects.toMatchObject({ code: 'invalid_answer', message: 'The server sent an answer this page does not understand.' });
  });

  it('reads a 204 as null for the descriptor that says so', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(api(authEndpoints.logout)).resolves.toBeNull();
  });

  it('sends a lazy endpoint at once and checks its answer when the schemas arrive', async () => {
    let release: (value: typeof pricingEndpoint) => void = () => undefined;
    const schemas = new Promise<typeof pricingEndpoint>((resolve) => (release = resolve));
    answer = () => json(200, { currency: 'GBP', plans: [], addons: [] });
    const pending = api(
      lazyEndpoint({ method: 'GET', path: '/api/pricing' }, () => schemas),
      { query: { currency: 'GBP' } },
    );
    await vi.waitFor(() => expect(sent.map((s) => s.url)).toEqual(['http://app.test/api/pricing?currency=GBP']));
    release(pricingEndpoint);
    expectTypeOf(pending).toEqualTypeOf<Promise<Pricing>>();
    await expect(pending).resolves.toEqual({ currency: 'GBP', plans: [], addons: [] });
  });
});

describe('errors', () => {
  it("carry the server's code, message and field errors; an answer without a code gets its status's", async () => {
    answer = () => json(422, { message: 'Please select a host', code: 'validation_failed', errors: { assigned_host_id: ['Please select a host'] } });
    const error = await api(adminBookingDetailEndpoints.patch, { params: { id: 1 }, body: { assigned_host_id: 0 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Please select a host',
      errors: { assigned_host_id: ['Please select a host'] },
    });
    answer = () => json(409, { message: 'Game already started' });
    await expect(api(adminBookingDetailEndpoints.startGame, { params: { id: 1 } })).rejects.toMatchObject({ status: 409, code: 'conflict' });
  });

  it('tells an expired staff session by its code, and a wrong password apart from it', async () => {
    answer = () => json(401, { message: 'Unauthenticated', code: 'unauthenticated' });
    const expired = await api(adminUsersEndpoints.list).catch((e: unknown) => e);
    expect(expired).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Session expired. Please log in again.' });
    expect(isSessionExpired(expired)).toBe(true);
    answer = () => json(401, { message: 'Invalid email or password', code: 'invalid_credentials' });
    const wrong = await api(authEndpoints.login, { body: { email: 'a@example.test', password: 'x' } }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(isSessionExpired(wrong)).toBe(false);
  });

  it('refuses to send a change without a CSRF token', async () => {
    vi.stubGlobal('document', { querySelector: () => null });
    await expect(api(authEndpoints.logout)).rejects.toMatchObject({ code: 'csrf_missing', message: CSRF_MISSING });
    expect(sent).toEqual([]);
  });

  it("turns the server's CSRF refusal (419) into the spec's text, whatever the call", async () => {
    answer = () => json(419, { message: 'CSRF token mismatch', code: 'csrf_mismatch' });
    await expect(api(authEndpoints.logout)).rejects.toMatchObject({
      status: 419,
      code: 'csrf_mismatch',
      message: 'CSRF token not found. Please refresh the page.',
    });
  });

  it("keeps the token a refusal names, so the next try (a phone's kept answer sent again) goes with it", async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'CSRF token mismatch', code: 'csrf_mismatch' }), { status: 419, headers: { 'x-csrf-token': 'token-2' } });
    await expect(api(authEndpoints.logout)).rejects.toMatchObject({ status: 419 });
    answer = () => new Response(null, { status: 204 });
    await api(authEndpoints.logout);
    expect(sent.map((s) => s.headers['X-CSRF-TOKEN'])).toEqual(['token-1', 'token-2']);
  });
});

describe('types from the descriptor', () => {
  it('require the path params and the body, and refuse what the endpoint does not take', () => {
    const never = () => false;
    if (never()) {
      // @ts-expect-error the path has :id
      void api(adminUsersEndpoints.removeRoles);
      // @ts-expect-error the body is required
      void api(adminUsersEndpoints.create);
      // @ts-expect-error is_admin is a boolean
      void api(adminUsersEndpoints.updateRoles, { params: { id: 1 }, body: { is_admin: 'yes', is_host: false } });
      // @ts-expect-error no such query field
      void api(pricingEndpoint, { query: { currency: 'GBP', colour: 'red' } });
      // @ts-expect-error the lazy route must be the descriptor's
      void lazyEndpoint({ method: 'GET', path: '/api/prices' }, () => Promise.resolve(pricingEndpoint));
    }
    expect(never()).toBe(false);
  });
});
