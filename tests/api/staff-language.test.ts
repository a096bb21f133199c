import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 38, decision 0620: a staff member keeps their language for the staff area and the host console on their
 * account (`PATCH /api/auth/me {language}`), so it follows them across sign-ins and browsers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a staff member’s language', () => {
  it('is none until picked, then kept on the account across a sign-out and a sign-in in another browser', async () => {
    const admin = await t.as('admin');
    expect((await admin.get('/api/auth/me')).json().user).toMatchObject({ id: admin.userId, language: null });

    const set = await admin.patch('/api/auth/me', { language: 'de' });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ id: admin.userId, email: admin.email, is_admin: true, language: 'de' });
    expect((await admin.get('/api/auth/me')).json().user.language).toBe('de');
    expect((await admin.post('/api/auth/logout')).statusCode).toBe(204);

    // A new browser (no language cookie, an English Accept-Language): the sign-in says German, and so do its pages.
    const again = await t.visitor();
    const login = await again.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.language).toBe('de');
    const page = await again.inject({ method: 'GET', url: '/admin/bookings', headers: { 'accept-language': 'en-GB' } });
    expect(page.body).toContain('<html lang="de">');
    // `?lang` still wins for the one page it is asked on.
    const asked = await again.inject({ method: 'GET', url: '/admin/bookings?lang=fr', headers: { 'accept-language': 'en-GB' } });
    expect(asked.body).toContain('<html lang="fr">');
  });

  it('is a host’s too, and the admin’s list of users does not show it', async () => {
    const host = await t.as('host');
    expect((await host.patch('/api/auth/me', { language: 'fr' })).json().user).toMatchObject({ is_host: true, language: 'fr' });
    const admin = await t.as('admin');
    const listed = (await admin.get('/api/admin/users')).json<{ users: Record<string, unknown>[] }>().users.find((u) => u.id === host.userId);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('language');
  });

  it('refuses a language hatch does not speak with a 422, keeping the one before', async () => {
    const admin = await t.as('admin');
    await admin.patch('/api/auth/me', { language: 'nl' });
    for (const language of ['it', 'EN', '', 42, null]) {
      const res = await admin.patch('/api/auth/me', { language });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.language).toEqual(['Please choose a language']);
    }
    const missing = await admin.patch('/api/auth/me', {});
    expect(missing.statusCode).toBe(422);
    // In the caller's language, as every 422.
    const german = await admin.patch('/api/auth/me', { language: 'xx' }, { 'accept-language': 'de' });
    expect(german.json().errors.language).toEqual(['Bitte wählen Sie eine Sprache']);
    expect((await admin.get('/api/auth/me')).json().user.language).toBe('nl');
  });

  it('refuses a visitor who is not signed in', async () => {
    const visitor = await t.visitor();
    const res = await visitor.patch('/api/auth/me', { language: 'de' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Unauthenticated' });
  });

  it('needs the CSRF token, and changes nothing without it', async () => {
    const admin = await t.as('admin');
    const missing = await admin.inject({ method: 'PATCH', url: '/api/auth/me', payload: { language: 'es' }, csrf: false });
    expect(missing.statusCode).toBe(419);
    const forged = await admin.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { language: 'es' },
      csrf: false,
      headers: { 'x-csrf-token': 'forged-token-value-000000000' },
    });
    expect(forged.statusCode).toBe(419);
    expect((await admin.get('/api/auth/me')).json().user.language).toBeNull();
  });
});
