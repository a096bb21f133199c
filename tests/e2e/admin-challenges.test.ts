import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';

/**
 * The challenge screens through the whole product: the list and its filter, creating and editing a challenge. The
 * form's messages, hints and stepper, and the load and save failures, are component tests
 * (tests/component/admin-challenges.test.tsx).
 */
const j = useServerAndBrowser();

function watchConsole(page: Page) {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (m) => {
    // The form's place pin map (issue 29) asks for tiles; there is no internet here, so they are refused on purpose.
    if (m.type() === 'error' && /tile\.openstreetmap\.org/.test(m.location().url)) return;
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return { errors, warnings };
}

const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

describe('challenges list', () => {
  it('shows the table and filters by spice level with chili icons', async () => {
    const { page, context, errors } = await j.staffPage('/admin/challenges');
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
});

describe('challenge form', () => {
  it('creates a challenge, shows the toast, goes back to the list; then edits it', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const consoleOut = watchConsole(page);
    await signIn(context, j.server);
    await page.goto('/admin/challenges/create');
    await page.getByLabel('Name', { exact: true }).fill('Bench Count');
    await page.getByLabel('Description', { exact: true }).fill('Sit on a different bench each time.');
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
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Bench Count');
    expect(await page.getByLabel('Max score', { exact: true }).inputValue()).toBe('12');
    expect(await page.getByLabel('Region code').inputValue()).toBe('GB-LND');
    await page.getByLabel('Name', { exact: true }).fill('Bench Count Deluxe');
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
});
