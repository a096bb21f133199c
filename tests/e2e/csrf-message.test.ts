import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';

/** Issue 19: a change that fails for its CSRF token shows the spec's text on every screen (decision 0211). */
const CSRF_TEXT = 'CSRF token not found. Please refresh the page.';
const j = useServerAndBrowser();

const toast = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: CSRF_TEXT });
const dropCsrfMeta = (page: Page) => page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.remove());

describe('the CSRF text', () => {
  it('shows on an admin screen when the page has lost its token', async () => {
    const { page, context } = await j.staffPage('/admin/users');
    const upgrade = page.getByRole('form', { name: 'Upgrade User' });
    await upgrade.waitFor();
    await dropCsrfMeta(page);
    await upgrade.getByLabel('Email').fill('someone@e2e.test');
    await upgrade.getByLabel('Host').check();
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await toast(page).waitFor();
    await context.close();
  });

  it('shows on a public screen at phone width when the server refuses the token (its session cookie is gone)', async () => {
    const { page, context } = await newPage(j.browser, j.server.url, PHONE);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await context.clearCookies();
    await page.getByLabel('Email').fill('nobody@e2e.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await toast(page).waitFor();
    await context.close();
  });
});
