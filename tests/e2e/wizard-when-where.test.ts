import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { chooseCity, stepTitle } from './wizard-support';

// Step 0 of the wizard: the game's time zone follows the city.
const j = useServerAndBrowser();

const zoneText = (page: Page) => page.getByText(/^Time zone: /);

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

// A time already gone today, and the city suggestions that stay shut once the field is left or close on Escape and
// on a click outside: tests/component/wizard.test.tsx.
