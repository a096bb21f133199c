import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/journey';
import { E2E_ADMIN } from './support/server';
import { expectToast } from './support/toasts';

/**
 * User management through the whole product: staff are added, upgraded and stripped of their roles, and the activity
 * log shows it. The forms' messages, the load failure and the confirmation before every role goes are component tests
 * (tests/component/admin-users.test.tsx); the rules themselves, API tests (tests/api/admin-users.test.ts).
 */
const j = useServerAndBrowser();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('user management', () => {
  it('adds a user, upgrades them, edits their roles inline and removes all roles after a confirm', async () => {
    const { page, context, errors } = await j.staffPage('/admin/users');
    const newUser = page.getByRole('form', { name: 'New User' });
    const upgrade = page.getByRole('form', { name: 'Upgrade User' });
    await page.getByRole('cell', { name: E2E_ADMIN.email }).waitFor();

    // New user, no roles yet.
    await newUser.getByLabel('Name').fill('Olive Organiser');
    await newUser.getByLabel('Email').fill('olive@e2e.test');
    await newUser.getByLabel('Password').fill('green-lantern-owl-7');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await expectToast(page, 'User added successfully');
    const row = page.getByRole('row', { name: /olive@e2e\.test/ });
    await row.waitFor();
    expect(await row.getByText('No roles').isVisible()).toBe(true);
    expect(await newUser.getByLabel('Name').inputValue()).toBe('');

    // The same email again: the server's message.
    await newUser.getByLabel('Name').fill('Olive Again');
    await newUser.getByLabel('Email').fill('OLIVE@e2e.test');
    await newUser.getByLabel('Password').fill('green-lantern-owl-7');
    await newUser.getByRole('button', { name: 'Add User' }).click();
    await expectToast(page, 'A user with this email already exists');

    // Upgrade: unknown email gives the server message; a known one gets the role.
    await upgrade.getByLabel('Email').fill('nobody@e2e.test');
    await upgrade.getByLabel('Host').check();
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await expectToast(page, 'No user found with this email address');
    await upgrade.getByLabel('Email').fill('olive@e2e.test');
    await upgrade.getByRole('button', { name: 'Upgrade User' }).click();
    await expectToast(page, 'User roles updated successfully');
    await expect.poll(() => row.getByText('Host', { exact: true }).count()).toBe(1);

    // Inline role editing.
    await row.getByRole('button', { name: 'Edit roles of Olive Organiser' }).click();
    await row.getByLabel('Admin').check();
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'User roles updated successfully').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('Admin', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Host', { exact: true }).count()).toBe(1);

    // Remove all roles: cancel first, then confirm.
    await row.getByRole('button', { name: 'Remove roles of Olive Organiser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to remove all roles from this user?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.getByText('Admin', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Remove roles of Olive Organiser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove roles' }).click();
    await expectToast(page, 'User roles removed successfully');
    await expect.poll(() => row.getByText('No roles').count()).toBe(1);

    // The admin's own row offers no way to drop their admin role.
    const mine = page.getByRole('row', { name: new RegExp(E2E_ADMIN.email.replace('.', '\\.')) });
    expect(await mine.getByRole('button', { name: /Remove all roles/ }).count()).toBe(0);
    await mine.getByRole('button', { name: /Edit roles of/ }).click();
    expect(await mine.getByLabel('Admin').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists those changes in the activity log, with who, what, before and after, and filters by user', async () => {
    const { page, context, errors } = await j.staffPage('/admin/activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const entries = page.getByTestId('activity-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    const latest = entries.first();
    expect(await latest.getByText('Removed all roles of a user').isVisible()).toBe(true);
    expect(await latest.getByText(E2E_ADMIN.email).isVisible()).toBe(true);
    // The flags in words, once each: 'Admin: Yes → No', never the raw keys or JSON.
    expect(
      await latest
        .locator('dt')
        .filter({ hasText: /^(Admin|Host role):$/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(await latest.locator('del').filter({ hasText: /^Yes$/ }).count()).toBeGreaterThan(0);
    expect(await latest.locator('ins').filter({ hasText: /^No$/ }).count()).toBeGreaterThan(0);
    expect(await page.locator('table').innerText()).not.toMatch(/is_admin|is_host|[{}]/);
    expect(await latest.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).count()).toBe(1);
    expect(await page.getByText('Created a staff user').count()).toBeGreaterThan(0);

    // The subject link filters the log by that user.
    await latest.getByRole('link', { name: /^User #\d+$/ }).click();
    await page.waitForURL(/user_id=\d+/);
    // The filter box shows the user once the page has followed the address; only then is the list the filtered one
    // (the unfiltered list can hold the same four entries, so its count alone proves nothing).
    await expect.poll(() => page.getByLabel('User ID').inputValue()).toMatch(/^\d+$/);
    await expect.poll(() => entries.count()).toBe(4);
    await page.getByRole('button', { name: 'Clear' }).click();
    // Cleared once the address has no filter and the box followed it: typing before that is overwritten by the
    // address the page then follows (seen once under load: the booking filter below was sent empty).
    await page.waitForURL((url) => !url.search.includes('user_id='));
    await expect.poll(() => page.getByLabel('User ID').inputValue()).toBe('');
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
