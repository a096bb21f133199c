import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff login', () => {
  it('logs in at /login and reaches the bookings page in the admin shell', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await page.goto('/admin/bookings');
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/bookings');
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after login, stays on this site whatever ?next= says', async () => {
    const ours = new URL(server.url).origin;
    for (const next of [
      '/\\evil.example/x',
      '/\t/evil.example/x',
      '//evil.example',
      '%2F%2Fevil.example',
      'https://evil.example/admin',
      // Dot segments that resolve to `//evil.example` (issue 19).
      '/.//evil.example/x',
      '/%2e//evil.example/',
      '/a/..//evil.example/',
    ]) {
      const { page, context } = await newPage(browser, server.url);
      // Every request that leaves our origin is refused, so a wrong redirect cannot reach anything.
      const elsewhere: string[] = [];
      await context.route(
        (url) => url.origin !== ours,
        (route) => {
          elsewhere.push(route.request().url());
          return route.abort();
        },
      );
      await page.goto(`/login?next=${next.startsWith('%') ? next : encodeURIComponent(next)}`);
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 15_000 });
      const landed = new URL(page.url());
      expect({ next, origin: landed.origin, path: landed.pathname }).toEqual({ next, origin: ours, path: '/admin/bookings' });
      expect(elsewhere).toEqual([]);
      await context.close();
    }
  });

  it('after login, goes to the ?next= page of this site', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto(`/login?next=${encodeURIComponent('/admin/users')}`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/users');
    await context.close();
  });

  it('shows the error for a wrong password and stays on the login page', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    // A wrong password costs a full scrypt check: allow for a busy machine.
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('collapses the sidebar behind a menu button below 840 px', async () => {
    const { page, context } = await newPage(browser, server.url, PHONE);
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/bookings');
    const sidebar = page.getByTestId('admin-sidebar');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await sidebar.isVisible()).toBe(true);
    await context.close();
  });
});
