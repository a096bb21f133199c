import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { users } from '../../src/server/domains/identity/tables/users';
import { hashPassword, setPasswordCost } from '../../src/server/platform/crypto';
import { ACCOUNT_MESSAGES } from '../../src/shared/api/auth';
import { PASSWORD_MESSAGES } from '../../src/shared/validation/password-rules';
import { createPaidBooking } from '../support/fixtures';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { newPage, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { freePort } from './support/server';

/**
 * Issue 19, staff accounts in the browser: a host-only user lands on their games and can log out; a staff member
 * changes their password; a forgotten password is reset from the login page through the mailed link.
 */
const HOST = { email: 'holly.host@e2e.test', password: 'a-long-host-passphrase' };
const STAFF = { email: 'sam.staff@e2e.test', password: 'another-staff-passphrase' };
const FORGETFUL = { email: 'fred.forgets@e2e.test', password: 'forgotten-old-passphrase' };

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
// Filled before the server starts (this beforeAll runs before the one useServerAndBrowser registers): the mailed links
// carry the server's address, and the server sends through the stand-in.
const env: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  const port = await freePort();
  Object.assign(env, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await smtp?.stop();
});

const j = useServerAndBrowser({
  env,
  seed: async (db) => {
    // The test-only cost the server sets at its start anyway (decision 0322): these hashes are made before it.
    setPasswordCost('low');
    const [host] = await db
      .insert(users)
      .values({ name: 'Holly Host', email: HOST.email, isHost: true, passwordHash: await hashPassword(HOST.password) })
      .returning();
    if (!host) throw new Error('host not seeded');
    await db.insert(users).values([
      { name: 'Sam Staff', email: STAFF.email, isAdmin: true, passwordHash: await hashPassword(STAFF.password) },
      { name: 'Fred Forgets', email: FORGETFUL.email, isHost: true, passwordHash: await hashPassword(FORGETFUL.password) },
    ]);
    const paid = await createPaidBooking(db, { fullName: 'Gemma Group', hosted: true });
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, paid.booking.id));
    return paid.gameCode;
  },
});

async function logIn(page: Page, credentials: { email: string; password: string }, from = '/login') {
  await page.goto(from);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A mail's text as its reader sees it: quoted-printable soft breaks and escapes undone. */
function readable(data: string): string {
  return data.replaceAll(/=\r?\n/g, '').replaceAll(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('staff accounts', () => {
  it('lands a host-only user on their games, and lets them log out from there and from No access', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    await logIn(page, HOST);
    await page.waitForURL((url) => url.pathname === '/host', { timeout: 15_000 });
    await page.getByRole('link', { name: new RegExp(j.seed) }).waitFor();
    expect(await page.getByText('Gemma Group').count()).toBe(1);
    // No Admin link for a host; the admin area explains itself and offers the way back.
    expect(await page.getByRole('link', { name: 'Admin area' }).count()).toBe(0);
    await page.goto('/admin/bookings');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await page.getByRole('link', { name: 'Go to your games' }).click();
    await page.waitForURL((url) => url.pathname === '/host');
    // Their games loaded first: a games call still on its way when the session ends answers 401, and its screen then
    // sends the browser to /login?next=/host while Log out's own full load of /login is under way.
    await page.getByText('Gemma Group').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.goto('/host');
    await page.waitForURL(/\/login\?next=/);
    // A next the host may not open is ignored; one they may open wins.
    await logIn(page, HOST, `/login?next=${encodeURIComponent('/admin/users')}`);
    await page.waitForURL((url) => url.pathname === '/host', { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a staff member change their password from the account page, the rule shown before sending', async () => {
    // Signed in already (a session row): logging in with the new password at the end is what this test is about.
    const { page, context, errors } = await j.staffPage('/admin/bookings', { email: STAFF.email });
    await page.getByRole('link', { name: 'Account and password' }).click();
    await page.waitForURL('**/account');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('Summer2024!');
    await page.getByLabel('New password again').fill('Summer2024!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(PASSWORD_MESSAGES.common).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('quiet meadow lantern sixty');
    await page.getByLabel('New password again').fill('quiet meadow lantern sixty');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.currentWrong).waitFor();
    await page.getByLabel('Current password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.changed }).waitFor();
    // The success toast sits over the staff bar's Log out (top right) for its 1.2 s, and a pointer resting on a toast
    // keeps it open: a click on Log out while it shows lands on the toast and holds it there. Log out once it has gone.
    await page.locator('[data-sonner-toast]').filter({ hasText: ACCOUNT_MESSAGES.changed }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Log out' }).click();
    // Logged out once the browser is sent to the login page; logIn loads it again, so its full load is not awaited here.
    await page.waitForURL('**/login', { waitUntil: 'commit' });
    await logIn(page, { email: STAFF.email, password: 'quiet meadow lantern sixty' });
    await page.waitForURL('**/admin/bookings', { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the login page through the mailed link', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the page's code has loaded: the login form's own Email field is still on screen until then.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(FORGETFUL.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(ACCOUNT_MESSAGES.resetRequested).waitFor();

    await expect.poll(() => smtp.mails.filter((m) => m.to.some((to) => to.includes(FORGETFUL.email))).length, { timeout: 20_000 }).toBe(1);
    const mail = readable(smtp.mails.find((m) => m.to.some((to) => to.includes(FORGETFUL.email)))?.data ?? '');
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('New password again').fill('abcdefgh');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(PASSWORD_MESSAGES.weakSequence).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('copper kite river eleven');
    await page.getByLabel('New password again').fill('copper kite river eleven');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.resetDone).waitFor();

    // The link is used up: the page says so as it opens, with no form to fill in first (issue 28).
    await page.goto(link ?? '');
    await page.getByText(ACCOUNT_MESSAGES.resetInvalid).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await logIn(page, { email: FORGETFUL.email, password: 'copper kite river eleven' });
    await page.waitForURL((url) => url.pathname === '/host', { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
