import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { chooseCity, futureDay, pickDay, stepTitle } from './wizard-support';
import { SELECTABLE_TIMEZONES, utcToLocal } from '../../src/shared/time';

// Step 0 of the wizard: the game's time zone follows the city, a time already gone today is refused, and the
// city suggestions never open once the booker has left the field.
const j = useServerAndBrowser();

const zoneText = (page: Page) => page.getByText(/^Time zone: /);
const cityField = (page: Page) => page.getByRole('combobox', { name: 'City' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'City suggestions' });

describe('the game time zone', () => {
  it('a New York visitor choosing London plays at London time; a zone picked by hand stays', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, DESKTOP, 'America/New_York');
    await page.goto('/');
    await stepTitle(page, "Let's hatch your game").waitFor();
    expect(await zoneText(page).textContent()).toBe('Time zone: America/New_York');
    await chooseCity(page, 'Lond', /^London/);
    await expect.poll(() => zoneText(page).textContent()).toBe('Time zone: Europe/London');
    // No prompt: the game is already on the city's time.
    expect(await page.getByRole('button', { name: /^Use / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Change time zone' }).click();
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/London');

    // An explicit pick is not overwritten by a later city: the city's zone is offered instead.
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Tokyo');
    await chooseCity(page, 'Pari', /^Paris/);
    await page.getByRole('button', { name: 'Use Europe/Paris' }).waitFor();
    expect(await zoneText(page).textContent()).toBe('Time zone: Asia/Tokyo');
    await page.getByRole('button', { name: 'Use Europe/Paris' }).click();
    await expect.poll(() => zoneText(page).textContent()).toBe('Time zone: Europe/Paris');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the meeting time', () => {
  it('refuses a time already gone today, under the meeting time field, and will not move on', async () => {
    // A zone where it is at least 01:00 now, so 00:00 today has passed there.
    const now = new Date();
    const zone = SELECTABLE_TIMEZONES.map((z) => z.zone).find((z) => (utcToLocal(now.toISOString(), z)?.time.hour ?? 0) >= 1) ?? 'Asia/Tokyo';
    const today = utcToLocal(now.toISOString(), zone)?.date ?? '';
    const [y, m, d] = today.split('-').map(Number);
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE, zone);
    await page.goto('/');
    await stepTitle(page, "Let's hatch your game").waitFor();
    await chooseCity(page, 'Lond', /^London/);
    await page.getByRole('button', { name: 'Change time zone' }).click();
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption(zone);
    await pickDay(page, futureDay(0, d ?? 1, new Date(y ?? 2000, (m ?? 1) - 1, d ?? 1)));
    await page.getByLabel('Meeting time', { exact: true }).fill('00:00');
    await page.getByText('Please choose a meeting time in the future').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await stepTitle(page, "Let's hatch your game").isVisible()).toBe(true);

    // A time still ahead today (23:55, at least a minute off) is fine.
    await page.getByLabel('Meeting time', { exact: true }).fill('23:55');
    await expect.poll(() => page.getByText('Please choose a meeting time in the future').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('city suggestions', () => {
  it('do not open when the answer arrives after the field was left', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    await page.goto('/');
    await stepTitle(page, "Let's hatch your game").waitFor();
    let answered = 0;
    page.on('response', (r) => {
      if (r.url().includes('/api/geocode')) answered++;
    });
    await cityField(page).fill('Lond');
    // Leave the field before the 500 ms pause is over.
    await page.getByRole('textbox', { name: 'Number of players' }).click();
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(0);
    // The answer has been applied once its suggestions are in the (hidden) list: the same update that would open it.
    await page.getByRole('listbox', { name: 'City suggestions', includeHidden: true }).getByRole('option', { includeHidden: true }).first().waitFor({ state: 'attached' });
    expect(await suggestions(page).isVisible()).toBe(false);
    expect(await cityField(page).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('close on Escape and on a click outside, and open again when typing', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, DESKTOP);
    await page.goto('/');
    await stepTitle(page, "Let's hatch your game").waitFor();
    await cityField(page).fill('Lond');
    await suggestions(page).waitFor();
    await cityField(page).press('Escape');
    await expect.poll(() => suggestions(page).isVisible()).toBe(false);
    expect(await cityField(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await cityField(page).fill('Londo');
    await suggestions(page).waitFor();
    await stepTitle(page, "Let's hatch your game").click();
    await expect.poll(() => suggestions(page).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
