import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { E2E_ADMIN } from './support/server';

const j = useServerAndBrowser();

async function submitLogin(page: Page, password = E2E_ADMIN.password): Promise<void> {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('staff login', () => {
  it('logs in at /login and reaches the bookings page in the admin shell', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await page.goto('/admin/bookings');
    await page.waitForURL(/\/login\?next=/);
    await submitLogin(page);
    await page.waitForURL('**/admin/bookings');
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after login, stays on this site whatever ?next= says', async () => {
    const ours = new URL(j.server.url).origin;
    // One browser for every spelling (the unit test of src/web/lib/safe-next.ts has many more); each one logs in
    // through the form from a fresh session.
    const { page, context } = await newPage(j.browser, j.server.url);
    // Every request that leaves our origin is refused, so a wrong redirect cannot reach anything.
    const elsewhere: string[] = [];
    await context.route(
      (url) => url.origin !== ours,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    // One spelling of each kind the browser itself rewrites (a backslash, a tab, an encoded slash, dot segments that
    // resolve to `//evil.example`, issue 19); src/web/lib/safe-next.test.ts holds every spelling against the rule.
    for (const next of ['/\\evil.example/x', '/\t/evil.example/x', '%2F%2Fevil.example', '/a/..//evil.example/']) {
      await context.clearCookies();
      await page.goto(`/login?next=${next.startsWith('%') ? next : encodeURIComponent(next)}`);
      await submitLogin(page);
      // Where the browser is sent is known once that navigation commits: the page there need not finish loading.
      await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 15_000, waitUntil: 'commit' });
      const landed = new URL(page.url());
      expect({ next, origin: landed.origin, path: landed.pathname }).toEqual({ next, origin: ours, path: '/admin/bookings' });
      expect(elsewhere).toEqual([]);
    }
    await context.close();
  });

  it('after login, goes to the ?next= page of this site', async () => {
    const { page, context } = await newPage(j.browser, j.server.url);
    await page.goto(`/login?next=${encodeURIComponent('/admin/users')}`);
    await submitLogin(page);
    await page.waitForURL('**/admin/users', { waitUntil: 'commit' });
    await context.close();
  });

  it('shows the error for a wrong password and stays on the login page', async () => {
    const { page, context } = await newPage(j.browser, j.server.url);
    await page.goto('/login');
    await submitLogin(page, 'not the password');
    // A wrong password costs a full scrypt check: allow for a busy machine.
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('collapses the sidebar behind a menu button below 840 px', async () => {
    // About the admin shell at phone width, not the form: signed in with a session.
    const { page, context } = await j.staffPage('/admin/bookings', { viewport: PHONE });
    const sidebar = page.getByTestId('admin-sidebar');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await sidebar.isVisible()).toBe(true);
    await context.close();
  });
});
