import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAsAdmin, newPage } from './support/browser';
import { useServerAndBrowser } from './support/journey';

const j = useServerAndBrowser();

function watchConsole(page: Page) {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return { errors, warnings };
}

const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

describe('challenges list', () => {
  it('shows the table and filters by spice level with chili icons', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await loginAsAdmin(page, '/admin/challenges');
    await page.getByRole('heading', { name: 'Challenges' }).waitFor();
    // The list has loaded once a row is there; the headers are read after that, not while it loads.
    await page.getByRole('link', { name: 'Edit Human Pyramid' }).waitFor();
    for (const header of ['Name', 'Type', 'Spice Level', 'Status', 'Actions']) {
      expect(await page.getByRole('columnheader', { name: header }).isVisible()).toBe(true);
    }
    const all = await rowNames(page);
    expect(all.length).toBeGreaterThanOrEqual(14);
    expect(await page.getByRole('img', { name: 'Spicy (3 of 3 chilis)' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: 'Mild (1 of 3 chilis)' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'All or nothing' }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Spicy', exact: true }).click();
    await page.waitForURL(/spice_level=Spicy/);
    // The filtered list has come when a Mild challenge has left it and a Spicy one is there.
    await page.getByRole('link', { name: 'Edit Find a Red Post Box' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Edit Serenade a Stranger' }).waitFor();
    expect((await rowNames(page)).length).toBeLessThan(all.length);
    expect(await page.getByRole('img', { name: /Mild|Medium/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Spicy', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await rowNames(page)).toContain('Serenade a Stranger');

    await page.getByRole('button', { name: 'Mild', exact: true }).click();
    await page.getByRole('link', { name: 'Edit Serenade a Stranger' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Edit Find a Red Post Box' }).waitFor();
    expect(await page.getByRole('img', { name: /Spicy|Medium/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(async () => (await rowNames(page)).length).toBe(all.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only logs a list load failure (console.warn, no toast, no console.error)', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const consoleOut = watchConsole(page);
    await loginAsAdmin(page, '/admin/bookings');
    await page.route('**/api/admin/challenges**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }));
    // Waits for the warning itself (after the query's one retry), not for a fixed few seconds.
    const warned = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('Failed to load challenges'), timeout: 0 });
    await page.goto('/admin/challenges');
    await warned;
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(consoleOut.errors.filter((e) => !e.includes('500'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('challenge form', () => {
  it('shows the spec messages client-side, the hint per type, and the max score stepper', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const consoleOut = watchConsole(page);
    await loginAsAdmin(page, '/admin/challenges');
    await page.getByRole('link', { name: 'Create Challenge' }).click();
    await page.waitForURL('**/admin/challenges/create');
    await page.getByRole('heading', { name: 'Create Challenge' }).waitFor();

    // Defaults: Rating, Mild, active, 10 / 1 / 1.
    expect(await page.getByLabel('Type').inputValue()).toBe('Rating');
    expect(await page.getByLabel('Spice Level').inputValue()).toBe('Mild');
    expect(await page.getByLabel('Active').isChecked()).toBe(true);
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('10');
    expect(await page.getByLabel('Max submissions').inputValue()).toBe('1');
    expect(await page.getByLabel('Points per submission').inputValue()).toBe('1');
    expect(await page.getByText(/Rated out of 5/).isVisible()).toBe(true);
    expect(await page.getByRole('option', { name: 'All or nothing' }).count()).toBe(1);

    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/admin/challenges')) posts++;
    });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Name is required').waitFor();
    expect(await page.getByText('Description is required').isVisible()).toBe(true);
    expect(posts).toBe(0);

    // Stepper: +5 / −5, never below 0.
    await page.getByRole('button', { name: 'Increase max score by 5' }).click();
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('15');
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Decrease max score by 5' }).click();
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('0');

    // Tally rules.
    await page.getByLabel('Type').selectOption('Tally');
    expect(await page.getByText(/More submissions, more points/).isVisible()).toBe(true);
    await page.getByLabel('Name').fill('Bench Count');
    await page.getByLabel('Description').fill('Sit on a different bench each time.');
    await page.getByLabel('Points per submission').fill('');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Points per submission required').waitFor();
    await page.getByLabel('Max score', { exact: true }).fill('10');
    await page.getByLabel('Points per submission').fill('20');
    await page.getByText('Points per submission cannot be greater than max score').waitFor();
    await page.getByLabel('Points per submission').fill('3');
    await page.getByText('Max score must be divisible by points per submission').waitFor();
    await page.getByRole('button', { name: 'Increase max score by 5' }).click();
    await expect.poll(() => page.getByText('Max score must be divisible by points per submission').count()).toBe(0);
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('15');
    expect(posts).toBe(0);

    await page.getByLabel('Type').selectOption('RightWrong');
    expect(await page.getByText(/Right or wrong: all or nothing/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/admin\/challenges$/);
    expect(errors).toEqual([]);
    expect(consoleOut.errors).toEqual([]);
    await context.close();
  });

  it('creates a challenge, shows the toast, goes back to the list; then edits it', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const consoleOut = watchConsole(page);
    await loginAsAdmin(page, '/admin/challenges/create');
    await page.getByLabel('Name').fill('Bench Count');
    await page.getByLabel('Description').fill('Sit on a different bench each time.');
    await page.getByLabel('Type').selectOption('Tally');
    await page.getByLabel('Spice Level').selectOption('Medium');
    await page.getByLabel('Max score', { exact: true }).fill('12');
    await page.getByLabel('Max submissions').fill('4');
    await page.getByLabel('Points per submission').fill('3');
    await page.getByLabel('Region code').fill('GB-LND');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Challenge created successfully').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/challenges/create');
    await page.waitForURL(/\/admin\/challenges$/);
    await page.getByRole('link', { name: 'Edit Bench Count' }).waitFor();
    const row = page.getByRole('row', { name: /Bench Count/ });
    expect(await row.getByRole('img', { name: 'Medium (2 of 3 chilis)' }).count()).toBe(1);
    expect(await row.getByText('Active').count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'Tally' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Edit Bench Count' }).click();
    await page.waitForURL(/\/admin\/challenges\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Edit Challenge' }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Bench Count');
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('12');
    expect(await page.getByLabel('Region code').inputValue()).toBe('GB-LND');
    await page.getByLabel('Name').fill('Bench Count Deluxe');
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Challenge updated successfully').waitFor();
    await page.waitForURL(/\/admin\/challenges$/);
    const edited = page.getByRole('row', { name: /Bench Count Deluxe/ });
    await edited.waitFor();
    expect(await edited.getByText('Inactive').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(consoleOut.errors).toEqual([]);
    await context.close();
  });

  it('a failed save shows "Failed to save challenge" and stays on the form', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await loginAsAdmin(page, '/admin/challenges/create');
    await page.route('**/api/admin/challenges', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }) : route.continue(),
    );
    await page.getByLabel('Name').fill('Will Fail');
    await page.getByLabel('Description').fill('The server is down.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to save challenge' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/challenges/create');
    expect(await page.getByLabel('Name').inputValue()).toBe('Will Fail');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown challenge: "Failed to fetch challenge" then back to the list', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const consoleOut = watchConsole(page);
    await loginAsAdmin(page, '/admin/challenges/999999/edit');
    await page.getByText('Failed to fetch challenge').waitFor();
    await page.waitForURL(/\/admin\/challenges$/);
    expect(errors).toEqual([]);
    // The 404 itself is the browser's network log line, not our code logging an error.
    expect(consoleOut.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });
});
