import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { instanceChickens } from '../../src/server/domains/game/tables/hunt';
import { instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';
import { seriousA11yViolations } from './support/axe';

/**
 * Location for everyone (issue 28): a player who joins a game already live never saw the lobby's location question.
 * On a 390 px phone that refuses location at first, the live view offers to turn it on, explains the browser's refusal
 * (how to allow it in the settings), and once the browser allows it the player shows on the map and claims the
 * Chicken. A second phone said "Play without location" in the lobby and turns it on the same way.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
// The Chicken hid about 70 m north of the centre; the late joiner stands about 6 m from it.
const HIDING = { latitude: 51.508, longitude: -0.1278 };
const NEAR = { latitude: 51.50805, longitude: -0.1278 };
const FOUND_CODE = 'KQ7M2X';
const TOKENS = { ben: 'e2e-late-token-ben-0123456789abcdef' };

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      ...startableSchedule(),
      planType: 'standard',
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes) throw new Error('no team');
    // Ben answered "Play without location" in the lobby.
    await db
      .insert(players)
      .values([{ instanceId: instance.id, teamId: foxes.id, name: 'Ben', tokenHash: sha256(TOKENS.ben), location: 'denied', ready: true }]);
    await db
      .insert(instanceChickens)
      .values({ instanceId: instance.id, foundCode: FOUND_CODE, hidingLat: HIDING.latitude, hidingLng: HIDING.longitude, hiddenAt: new Date() });
    return paid.gameCode;
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A phone whose browser has not allowed location (yet). */
async function phone(storage?: Record<string, string>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await playerContext(j.browser, j.server.url, storage ? { storage } : {});
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

describe('location for everyone', () => {
  it('a late joiner refused by the browser is told how to allow it, turns location on and claims the Chicken', async () => {
    const { context, page } = await phone();
    await page.goto(`/play/${j.seed}`);
    await page.getByLabel('Your name').fill('Cara');
    await page.getByRole('radio', { name: /Foxes/ }).check();
    await page.getByRole('button', { name: 'Join the game' }).click();

    // Live at once: no lobby, so the live view asks. A claim meanwhile says what to do, not to wait for a location.
    const prompt = page.getByTestId('live-location');
    const form = page.getByRole('form', { name: 'Found the Chicken' });
    // Typed and claimed again if the form came back empty: on a loaded machine (1 run in 6 of `.ci/run` on the
    // eleventh session's VM) the claim once said nothing within 30 s, as if the live view had been drawn anew, with an
    // empty field, between the typing and the tap.
    await vi.waitFor(
      async () => {
        await form.getByLabel("Code on the Chicken's screen").fill(FOUND_CODE);
        await form.getByRole('button', { name: 'Claim the Chicken' }).click();
        await form.getByText(/Turn on location to claim the Chicken/).waitFor({ timeout: 8_000 });
      },
      { timeout: 40_000, interval: 100 },
    );
    await prompt.getByRole('button', { name: 'Turn on location' }).click();
    // The browser said no: the phone says how to allow it.
    await prompt.getByText(/blocked location for this site/).waitFor();
    expect(await prompt.textContent()).toContain('site settings');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The player allows location in the browser's settings and tries again.
    await context.setGeolocation(NEAR);
    await context.grantPermissions(['geolocation']);
    await prompt.getByRole('button', { name: 'Turn on location' }).click();
    await page.locator('[data-testid="map-marker"][data-name="Cara"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('live-location').count()).toBe(0);

    await form.getByRole('button', { name: 'Claim the Chicken' }).click();
    await page.getByTestId('chicken-found').filter({ hasText: '+50 points' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a player who said no in the lobby turns location on from the live view', async () => {
    const { context, page } = await phone({ [`hatch.play.${j.seed}`]: TOKENS.ben });
    await context.setGeolocation(NEAR);
    await context.grantPermissions(['geolocation']);
    await page.goto(`/play/${j.seed}`);
    await page.getByTestId('live-location').getByRole('button', { name: 'Turn on location' }).click();
    await page.locator('[data-testid="map-marker"][data-name="Ben"]').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});
