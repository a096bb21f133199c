import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAsAdmin, newPage } from './support/browser';
import { call } from './support/call';
import { PASSWORD_MESSAGES } from '../../src/shared/validation/password-rules';
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

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('user management', () => {
  it('shows the form messages client-side without calling the server', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    const logged = consoleErrors(page);
    await loginAsAdmin(page, '/admin/users');
    const newUser = page.getByRole('form', { name: 'New User' });
    const upgrade = page.getByRole('form', { name: 'Upgrade User' });
    await newUser.waitFor();
    let writes = 0;
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/users')) writes++;
    });

    await newUser.getByRole('button', { name: 'Add User' }).click();
    await newUser.getByText('Name and email are required').first().waitFor();
    await newUser.getByLabel('Name').fill('Nina New');
    await newUser.getByLabel('Email').fill('nina@e2e.test');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await newUser.getByText('Password is required for new users').waitFor();
    // The shared password rule runs in the form too: a common password, blanks, or the email itself.
    await newUser.getByLabel('Password').fill('password');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await newUser.getByText(PASSWORD_MESSAGES.common).waitFor();
    await newUser.getByLabel('Password').fill('        ');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await newUser.getByText(PASSWORD_MESSAGES.blank).waitFor();
    await newUser.getByLabel('Password').fill('nina@e2e.test');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await newUser.getByText(PASSWORD_MESSAGES.containsEmail).waitFor();

    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await upgrade.getByText('Email is required').waitFor();
    await upgrade.getByLabel('Email').fill('someone@e2e.test');
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await upgrade.getByText('Please select at least one role to assign').waitFor();
    expect(writes).toBe(0);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });

  it('adds a user, upgrades them, edits their roles inline and removes all roles after a confirm', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await loginAsAdmin(page, '/admin/users');
    const newUser = page.getByRole('form', { name: 'New User' });
    const upgrade = page.getByRole('form', { name: 'Upgrade User' });
    await page.getByRole('cell', { name: E2E_ADMIN.email }).waitFor();

    // New user, no roles yet.
    await newUser.getByLabel('Name').fill('Olive Organiser');
    await newUser.getByLabel('Email').fill('olive@e2e.test');
    await newUser.getByLabel('Password').fill('green-lantern-owl-7');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await toast(page, 'User added successfully').waitFor();
    const row = page.getByRole('row', { name: /olive@e2e\.test/ });
    await row.waitFor();
    expect(await row.getByText('No roles').isVisible()).toBe(true);
    expect(await newUser.getByLabel('Name').inputValue()).toBe('');

    // The same email again: the server's message.
    await newUser.getByLabel('Name').fill('Olive Again');
    await newUser.getByLabel('Email').fill('OLIVE@e2e.test');
    await newUser.getByLabel('Password').fill('green-lantern-owl-7');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await toast(page, 'A user with this email already exists').waitFor();

    // Upgrade: unknown email gives the server message; a known one gets the role.
    await upgrade.getByLabel('Email').fill('nobody@e2e.test');
    await upgrade.getByLabel('Host').check();
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await toast(page, 'No user found with this email address').waitFor();
    await upgrade.getByLabel('Email').fill('olive@e2e.test');
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await toast(page, 'User roles updated successfully').waitFor();
    await expect.poll(() => row.getByText('Host', { exact: true }).count()).toBe(1);

    // Inline role editing.
    await row.getByRole('button', { name: 'Edit roles of Olive Organiser' }).click();
    await row.getByLabel('Admin').check();
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'User roles updated successfully').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('Admin', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Host', { exact: true }).count()).toBe(1);

    // Remove all roles: cancel first, then confirm.
    await row.getByRole('button', { name: 'Remove all roles of Olive Organiser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to remove all roles from this user?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.getByText('Admin', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Remove all roles of Olive Organiser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove roles' }).click();
    await toast(page, 'User roles removed successfully').waitFor();
    await expect.poll(() => row.getByText('No roles').count()).toBe(1);

    // The admin's own row offers no way to drop their admin role.
    const mine = page.getByRole('row', { name: new RegExp(E2E_ADMIN.email.replace('.', '\\.')) });
    expect(await mine.getByRole('button', { name: /Remove all roles/ }).count()).toBe(0);
    await mine.getByRole('button', { name: /Edit roles of/ }).click();
    expect(await mine.getByLabel('Admin').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Failed to load users" when the list cannot be loaded', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await loginAsAdmin(page, '/admin/bookings');
    await page.route('**/api/admin/users', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }));
    await page.goto('/admin/users');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to load users' }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists those changes in the activity log, with who, what, before and after, and filters by user', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await loginAsAdmin(page, '/admin/activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const entries = page.getByTestId('activity-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    const latest = entries.first();
    expect(await latest.getByText('Removed all roles of a user').isVisible()).toBe(true);
    expect(await latest.getByText(E2E_ADMIN.email).isVisible()).toBe(true);
    // The flags in words, once each: 'Admin: Yes → No', never the raw keys or JSON.
    expect(await latest.locator('dt').filter({ hasText: /^(Admin|Host role):$/ }).count()).toBeGreaterThan(0);
    expect(await latest.locator('del').filter({ hasText: /^Yes$/ }).count()).toBeGreaterThan(0);
    expect(await latest.locator('ins').filter({ hasText: /^No$/ }).count()).toBeGreaterThan(0);
    expect(await page.locator('table').innerText()).not.toMatch(/is_admin|is_host|[{}]/);
    expect(await latest.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).count()).toBe(1);
    expect(await page.getByText('Created a staff user').count()).toBeGreaterThan(0);

    // The subject link filters the log by that user.
    await latest.getByRole('link', { name: /^User #\d+$/ }).click();
    await page.waitForURL(/user_id=\d+/);
    await expect.poll(() => entries.count()).toBe(4);
    expect(await page.getByLabel('User ID').inputValue()).toMatch(/^\d+$/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(4);

    // A booking with no changes: the empty state.
    await page.getByLabel('Booking ID').fill('424242');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No activity found.').waitFor();
    await page.getByLabel('Booking ID').fill('abc');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('Please enter a valid id').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

// After the activity log test above, which reads Olive's changes as the latest entries.
describe('inline role editing that removes every role', () => {
  it('asks before inline editing removes every role, and sends nothing until confirmed', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await loginAsAdmin(page, '/admin/users');
    const body = { name: 'Hugo Host', email: 'hugo@e2e.test', password: 'silver-kettle-drum-9', is_admin: false, is_host: true };
    const { status } = await call(page, 'POST', '/api/admin/users', body);
    expect(status).toBe(201);
    await page.reload();
    const row = page.getByRole('row', { name: /hugo@e2e\.test/ });
    await row.getByText('Host', { exact: true }).waitFor();
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/users')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await row.getByRole('button', { name: 'Edit roles of Hugo Host' }).click();
    await row.getByLabel('Host', { exact: true }).uncheck();
    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to remove all roles from this user?').waitFor();
    expect(writes).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(writes).toEqual([]);
    expect(await row.getByLabel('Host', { exact: true }).isChecked()).toBe(false);

    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove roles' }).click();
    await toast(page, 'User roles removed successfully').waitFor();
    await expect.poll(() => row.getByText('No roles').count()).toBe(1);
    expect(writes).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
