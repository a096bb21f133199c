import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { games, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';
import { seriousA11yViolations } from './support/axe';

/**
 * The hunt in the browser (issue 14): a live Weapons game seeded with its players (their tokens as the player app
 * keeps them), so the test goes straight to the hunt. The Chicken hides and shows its found-code; a Foxes player
 * opens the code's link (what the QR carries) near the Chicken and claims it; the Chicken sees who found it. A
 * player picks a Radar up at a station and it answers.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
// About 70 m north of the centre: inside the final area (320 m for a booked 800 m).
const CHICKEN_SPOT = { latitude: 51.508, longitude: -0.1278 };
// About 6 m from the Chicken, beside the radar station.
const ANN_SPOT = { latitude: 51.50805, longitude: -0.1278 };
const TOKENS = { ann: 'e2e-hunt-token-ann-0123456789abcdef', chicken: 'e2e-hunt-token-chicken-0123456789abcdef' };

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      ...startableSchedule(),
      planType: 'pro',
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    await db.update(games).set({ weaponsOn: true }).where(eq(games.id, paid.gameId));
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes) throw new Error('no team');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'granted', ready: true },
      { instanceId: instance.id, name: 'Chick', role: 'chicken', tokenHash: sha256(TOKENS.chicken), location: 'granted' },
    ]);
    await db.insert(itemStations).values({ gameId: paid.gameId, kind: 'radar', lat: ANN_SPOT.latitude, lng: ANN_SPOT.longitude, label: 'Fountain' });
    return paid.gameCode;
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A phone of its own, already joined (its token where the player app keeps it), at a place. */
async function phone(token: string, geolocation: { latitude: number; longitude: number }): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { geolocation, storage: { [`hatch.play.${j.seed}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/** Waits until the phone's own position went through (its marker is on its own map). */
async function located(page: Page, name: string) {
  await page.locator(`[data-testid="map-marker"][data-name="${name}"]`).waitFor({ timeout: 20_000 });
}

let chicken: Page;
let ann: Page;

describe('the hunt', () => {
  it('a team finds the Chicken with the code its screen shows', async () => {
    chicken = await phone(TOKENS.chicken, CHICKEN_SPOT);
    await chicken.goto(`/play/${j.seed}`);
    const foundCode = (await chicken.getByTestId('found-code').textContent())?.trim() ?? '';
    expect(foundCode).toMatch(/^[A-Z2-9]{6}$/);
    await chicken.getByRole('img', { name: `QR code of the found-code ${foundCode}` }).waitFor();
    await located(chicken, 'Chick');
    await chicken.getByRole('button', { name: 'Hide here' }).click();
    await chicken.getByTestId('hiding-status').filter({ hasText: 'Hidden since' }).waitFor();

    // The QR's link: the claim opens with the code filled in.
    ann = await phone(TOKENS.ann, ANN_SPOT);
    await ann.goto(`/play/${j.seed}?found=${foundCode}`);
    await located(ann, 'Ann');
    expect(await ann.locator('[data-testid="map-marker"][data-name="Chick"]').count()).toBe(0);
    const form = ann.getByRole('form', { name: 'Found the Chicken' });
    expect(await form.getByLabel("Code on the Chicken's screen").inputValue()).toBe(foundCode);
    await form.getByRole('button', { name: 'Claim the Chicken' }).click();
    await ann.getByTestId('chicken-found').filter({ hasText: '+50 points' }).waitFor();
    // The Chicken sees who found it, live.
    await chicken.getByTestId('chicken-finds').getByText('Foxes').waitFor();
    expect(await seriousA11yViolations(chicken)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Radar answers after a pick-up at a station', async () => {
    const backpack = ann.getByTestId('backpack');
    const station = backpack.locator('[data-testid="station"][data-name="Fountain"]');
    const onMap = ann.locator('[data-testid="map-station"][data-name="Fountain"]');
    await onMap.waitFor();
    // No label drawn under the square (labels overlapped on every map): the name is a tooltip on hover or tap.
    expect(await onMap.textContent()).toBe('🎒');
    await onMap.dispatchEvent('mouseover');
    await ann.locator('.leaflet-tooltip', { hasText: 'Fountain' }).waitFor();
    await station.getByRole('button', { name: 'Pick up' }).click();
    await backpack.locator('[data-testid="backpack-item"][data-kind="radar"]').waitFor();
    await backpack.getByRole('button', { name: 'Use Radar' }).click();
    await ann.getByTestId('item-result').filter({ hasText: 'Yes: the Chicken is within 250 m of you.' }).waitFor();
    // Used: the Backpack is empty again and the use is listed.
    await backpack.getByText('Empty. Walk to an item station').waitFor();
    // Toasts still on screen are judged fully shown by the axe helper: no wait for them to go.
    expect(await seriousA11yViolations(ann)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
