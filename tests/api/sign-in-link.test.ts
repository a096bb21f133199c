import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { signInLinks } from '../../src/server/domains/identity/tables/users';
import { sha256 } from '../../src/server/platform/crypto';
import { LOGIN_LIMITS, SIGN_IN_LINK_LIMITS, SIGN_IN_LINK_MS } from '../../src/server/domains/identity/auth/auth-service';
import { SIGN_IN_LINK_MAIL_KIND } from '../../src/server/domains/identity/auth/sign-in-link-mail';
import { consumeRateLimit } from '../../src/server/platform/rate-limit';
import { ACCOUNT_MESSAGES } from '../../src/shared/api/auth';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 36 (decision 0528): someone else's wrong passwords lock a new browser out of an account; a one-time link mailed
 * to the account's owner lets them in anyway. Every request goes through the real app on a real database.
 */
let t: TestApp;
const PUBLIC_URL = 'https://hatch.example';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => t.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

const linkMailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, SIGN_IN_LINK_MAIL_KIND)));

/** The token of the newest sign-in link mailed to this address, read from the mail as a person would click it. */
async function linkTokenFor(email: string): Promise<string> {
  const text = (await linkMailsTo(email)).at(-1)?.text ?? '';
  const match = /https:\/\/hatch\.example\/sign-in\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
}

async function askForLink(email: string, ip = freshIp()) {
  return (await t.visitor()).inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email }, remoteAddress: ip });
}

/** A stranger's wrong passwords spread over 10 addresses fill the account-wide count (as the security tests do). */
async function lockOut(email: string) {
  for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await consumeRateLimit(t.db, `login:email:${email}`, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowSeconds);
}

describe('a mailed one-time sign-in link', () => {
  it('lets a locked-out admin in from a new browser, once: the session works and the browser becomes known', async () => {
    const admin = await t.createUser({ role: 'admin' });
    await lockOut(admin.email);
    const browser = await t.visitor();
    const login = () =>
      browser.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: TEST_PASSWORD }, remoteAddress: freshIp() });
    expect((await login()).statusCode).toBe(429);

    const asked = await browser.inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email: admin.email }, remoteAddress: freshIp() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.signInLinkRequested });
    const token = await linkTokenFor(admin.email);
    const [stored] = await t.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, sha256(token)));
    expect(stored?.userId).toBe(admin.id);
    expect(Math.abs((stored?.expiresAt.getTime() ?? 0) - Date.now() - SIGN_IN_LINK_MS)).toBeLessThan(5_000);

    const used = await browser.post('/api/auth/sign-in-link/use', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ user: { id: admin.id, is_admin: true } });
    expect((await browser.get('/api/admin/users')).statusCode).toBe(200);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectUserId, admin.id), eq(activityLog.action, 'user.signed_in_by_link')));
    expect(logged).toHaveLength(1);

    // The browser is now known to the account: its password gets past the lock-out.
    const device = used.cookies.find((c) => c.name === 'hatch_device')?.value ?? '';
    const again = await browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
      remoteAddress: freshIp(),
      cookies: { hatch_device: device },
    });
    expect(again.statusCode).toBe(200);

    // The same link again, from anywhere, signs nobody in.
    const other = await t.visitor();
    const second = await other.post('/api/auth/sign-in-link/use', { token });
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ message: ACCOUNT_MESSAGES.signInLinkInvalid });
    expect((await other.get('/api/admin/users')).statusCode).toBe(401);
  });

  it('signs in at most once when the link is clicked twice at the same moment', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await askForLink(admin.email)).statusCode).toBe(200);
    const token = await linkTokenFor(admin.email);
    const [a, b] = await Promise.all([t.visitor(), t.visitor()]);
    const results = await Promise.all([a.post('/api/auth/sign-in-link/use', { token }), b.post('/api/auth/sign-in-link/use', { token })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('refuses a link past its 15 minutes, and an invented one, with the message', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await askForLink(admin.email)).statusCode).toBe(200);
    const token = await linkTokenFor(admin.email);
    // The clock moves on: the link was made 15 minutes and a second ago.
    const madeAt = new Date(Date.now() - SIGN_IN_LINK_MS - 1_000);
    await t.db
      .update(signInLinks)
      .set({ createdAt: madeAt, expiresAt: new Date(madeAt.getTime() + SIGN_IN_LINK_MS) })
      .where(eq(signInLinks.tokenHash, sha256(token)));
    const browser = await t.visitor();
    for (const tried of [token, 'made-up-token']) {
      const res = await browser.post('/api/auth/sign-in-link/use', { token: tried });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: ACCOUNT_MESSAGES.signInLinkInvalid });
    }
    expect((await browser.get('/api/admin/users')).statusCode).toBe(401);
  });

  it('answers an unknown email as a known one, and mails nobody', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const unknown = `nobody-${admin.id}@example.test`;
    const known = await askForLink(admin.email);
    const stranger = await askForLink(unknown);
    expect({ status: stranger.statusCode, body: stranger.json() }).toEqual({ status: known.statusCode, body: known.json() });
    expect(await linkMailsTo(unknown)).toEqual([]);
    expect(await linkMailsTo(admin.email)).toHaveLength(1);
  });

  it(`limits requests to ${SIGN_IN_LINK_LIMITS.perEmail} an hour per email (known or not) and ${SIGN_IN_LINK_LIMITS.perIp} per client address`, async () => {
    const admin = await t.createUser({ role: 'admin' });
    for (const email of [admin.email, `ghost-${admin.id}@example.test`]) {
      for (let i = 0; i < SIGN_IN_LINK_LIMITS.perEmail; i++) expect((await askForLink(email)).statusCode).toBe(200);
      const limited = await askForLink(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ message: ACCOUNT_MESSAGES.tooManySignInLinks });
    }
    expect(await linkMailsTo(admin.email)).toHaveLength(SIGN_IN_LINK_LIMITS.perEmail);
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LINK_LIMITS.perIp; i++) expect((await askForLink(`someone-${admin.id}-${i}@example.test`, ip)).statusCode).toBe(200);
    expect((await askForLink(`someone-else-${admin.id}@example.test`, ip)).statusCode).toBe(429);
  });

  it('refuses a request without the CSRF token (419), and mails nothing', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const res = await (await t.visitor()).inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email: admin.email }, csrf: false });
    expect(res.statusCode).toBe(419);
    expect(await linkMailsTo(admin.email)).toEqual([]);
  });
});
