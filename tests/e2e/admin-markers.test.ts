import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { signIn } from './support/app-server';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';

const j = useServerAndBrowser();

/** A paid booking of that plan, through the public wizard call and the staff payment call. */
async function paidGame(page: Page, plan: 'standard' | 'pro', name: string): Promise<number> {
  const created = await call(page, 'POST', '/api/bookings', {
    players: 6,
    date: '2031-05-20',
    meeting_time: { hour: 14, minute: 30 },
    timezone: 'Europe/London',
    city: 'Bristol',
    initial_area_lat: 51.45,
    initial_area_lng: -2.58,
    plan_type: plan,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
    full_name: name,
  });
  expect(created.status).toBe(201);
  const bookingId = (created.json as { booking: { id: number } }).booking.id;
  expect((await call(page, 'POST', `/api/admin/bookings/${bookingId}/payments`, { payment_type: 'card', payment_amount: 12_000 })).status).toBe(201);
  const games = (await call(page, 'GET', '/api/admin/markers/games')).json as { games: Array<{ id: number; booking_name: string }> };
  const game = games.games.find((g) => g.booking_name === name);
  if (!game) throw new Error('no game for the paid booking');
  return game.id;
}

describe('/admin/markers', () => {
  it('places an item station by clicking the map of a Weapons game, and explains why a Standard game has none', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await signIn(context, j.server);
    await page.goto('/admin/markers');
    const weaponsGame = await paidGame(page, 'pro', 'Wendy Weapons');
    const standardGame = await paidGame(page, 'standard', 'Stan Standard');

    await page.goto(`/admin/markers?game=${weaponsGame}`);
    // A Weapons plan's game starts with weapons on (issue 19): the map, and no 'weapons are off' warning.
    await page.getByTestId('stations-map').waitFor();
    expect(await page.getByText('Weapons are off for this game').count()).toBe(0);
    // It starts with its default stations (decision 0335), which follow the game area until staff change one.
    await page.getByTestId('default-stations').waitFor();
    const defaults = await page.getByTestId('station-row').count();
    expect(defaults).toBeGreaterThanOrEqual(4);
    await page.getByLabel('Kind').selectOption('rusty_compass');
    await page.getByLabel('Label (optional)').fill('By the fountain');
    const map = page.getByTestId('stations-map');
    await map.waitFor();
    const box = await map.boundingBox();
    if (!box) throw new Error('map not laid out');
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 - 30);
    await page.getByText('Rusty Compass station placed').waitFor();
    const row = page.getByTestId('station-row').filter({ hasText: 'By the fountain' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Rusty Compass');
    // Placed by hand: the stations are staff's now, and no longer said to be the defaults.
    expect(await page.getByTestId('default-stations').count()).toBe(0);

    // Move it: press Move, then click where it goes.
    const before = await row.locator('td').nth(2).textContent();
    await row.getByRole('button', { name: 'Move' }).click();
    // The table is below the map: pressing Move may have scrolled, so the map is measured again.
    await map.scrollIntoViewIfNeeded();
    const again = await map.boundingBox();
    if (!again) throw new Error('map not laid out');
    await page.mouse.click(again.x + again.width / 2 - 60, again.y + again.height / 2 + 40);
    await page.getByText('By the fountain moved').waitFor();
    await expect.poll(() => row.locator('td').nth(2).textContent()).not.toBe(before);

    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('station-row').count()).toBe(defaults);

    await page.getByLabel('Game').selectOption(String(standardGame));
    await page.getByText('Power-ups are not part of the Standard plan').waitFor();
    expect(await page.getByTestId('stations-map').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
