import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { games } from '../../src/server/domains/game/tables/games';
import { defaultStations } from '../../src/shared/game/station-layout';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { playerContext } from './support/live-game';
import { seriousA11yViolations } from './support/axe';

/**
 * Issue 28: a Weapons game used to start with "No item stations in this game" unless staff found /admin/markers. Now
 * the payment gives it its default stations (decision 0335). A Weapons booking is paid through the real payment path
 * and nobody places a station: staff see the count on the booking and the default stations on /admin/markers, the
 * organiser sees it on their phone, a player joins on a 390 px phone standing at the first station, the host starts
 * the game from the console on a phone (which shows the stations), and the player's map and Backpack show them and
 * the player picks a power-up up.
 */
const AREA = { lat: 51.5074, lng: -0.1278, radius: 800 };
const PLAYERS = 12;

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      ...startableSchedule(),
      planType: 'pro',
      players: PLAYERS,
      duration: 60,
      initialAreaLat: AREA.lat,
      initialAreaLng: AREA.lng,
      initialAreaRadius: AREA.radius,
    });
    // Players may join an activated game (the organiser's last set-up step).
    await db.update(games).set({ activated: true }).where(eq(games.id, paid.gameId));
    const layout = defaultStations(AREA, PLAYERS, paid.gameId);
    return { bookingId: paid.booking.id, gameId: paid.gameId, code: paid.gameCode, manageKey: paid.booking.manageKey, layout };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

function watch(page: Page): Page {
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

describe('a Weapons game starts with item stations', () => {
  it(
    'staff and the organiser see them before the day; a player on a phone finds them on the map and in the Backpack once the host starts',
    { timeout: 120_000 },
    async () => {
      const { layout, code } = j.seed;
      const count = `${layout.length} item stations`;
      const [first] = layout;
      if (!first) throw new Error('no default station');

      // Staff: the booking's game says how many, and links to them on the markers page.
      const staff = await j.staffPage(`/admin/bookings/${j.seed.bookingId}`);
      watch(staff.page);
      await staff.page.getByTestId('stations-link').filter({ hasText: count }).click();
      await staff.page.getByTestId('default-stations').waitFor();
      expect(await staff.page.getByTestId('station-row').count()).toBe(layout.length);

      // The organiser, on a phone: the game area says the stations are inside it.
      const organiser = watch(await (await playerContext(j.browser, j.server.url)).newPage());
      contexts.push(organiser.context());
      await organiser.goto(`/manage/${j.seed.manageKey}`);
      await organiser.getByTestId('game-stations').filter({ hasText: count }).waitFor();

      // A player joins on a 390 px phone, standing at the first station.
      const context = await playerContext(j.browser, j.server.url, { geolocation: { latitude: first.lat, longitude: first.lng } });
      contexts.push(context);
      const ann = watch(await context.newPage());
      expect(ann.viewportSize()).toEqual(PHONE);
      await ann.goto(`/play/${code}`);
      await ann.getByLabel('Your name').fill('Ann');
      await ann.getByRole('radio', { name: 'Create a new team' }).check();
      await ann.getByLabel('Team name').fill('Foxes');
      await ann.getByRole('button', { name: 'Join the game' }).click();
      await ann.getByTestId('my-team').filter({ hasText: 'Foxes' }).waitFor();
      await ann.getByRole('button', { name: 'Share my location' }).click();
      await ann.getByTestId('location-state').filter({ hasText: 'Location on' }).waitFor();

      // The host console on a phone shows the stations, on its map and in words, and starts the game.
      const host = await j.staffPage(`/host/${code}`, { viewport: PHONE });
      watch(host.page);
      await host.page.getByText(`${count} (🎒 on the map)`).waitFor();
      expect(await host.page.getByTestId('host-station').count()).toBe(layout.length);
      await host.page.locator('[data-testid="player-row"][data-name="Ann"]').waitFor();
      await host.page.getByRole('button', { name: 'Start Game' }).click();
      await host.page.getByRole('dialog').getByRole('button', { name: 'Yes, start' }).click();
      await host.page.getByTestId('game-status').filter({ hasText: 'live' }).waitFor();
      await host.page
        .locator('[data-testid="map-station"]')
        .nth(layout.length - 1)
        .waitFor();

      // The player's map and Backpack: every station, the one she stands at in reach.
      await ann.getByTestId('time-left').waitFor();
      await ann
        .locator('[data-testid="map-station"]')
        .nth(layout.length - 1)
        .waitFor();
      expect(await ann.locator('[data-testid="map-station"]').count()).toBe(layout.length);
      const backpack = ann.getByTestId('backpack');
      expect(await backpack.getByText('No item stations in this game').count()).toBe(0);
      await backpack
        .locator('[data-testid="station"]')
        .nth(layout.length - 1)
        .waitFor();
      expect(await backpack.locator('[data-testid="station"]').count()).toBe(layout.length);
      const here = backpack.locator(`[data-testid="station"][data-name="${first.label}"]`);
      await here.getByRole('button', { name: 'Pick up' }).click();
      await backpack.locator(`[data-testid="backpack-item"][data-kind="${first.kind}"]`).waitFor();

      // The host closes the last station from the console (a park gate shut): it says so there.
      const last = layout[layout.length - 1];
      const closing = host.page.locator(`[data-testid="host-station"][data-name="${last?.label ?? ''}"]`);
      await closing.getByRole('button', { name: 'Close' }).click();
      await closing.getByText('Closed').waitFor();
      expect(await seriousA11yViolations(host.page)).toEqual([]);

      expect(await seriousA11yViolations(ann)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
