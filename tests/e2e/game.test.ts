import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings, teams } from '../../src/server/domains/booking/tables/bookings';
import { games } from '../../src/server/domains/game/tables/games';
import { users } from '../../src/server/domains/identity/tables/users';
import { createPaidBooking } from '../support/fixtures';
import { DESKTOP, PHONE } from './support/browser';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { playerContext } from './support/live-game';
import { seriousA11yViolations } from './support/axe';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { utcToLocal } from '../../src/shared/time';
import { CHICKEN_MESSAGES } from '../../src/shared/game/chicken';
import { expectToast } from './support/toasts';

/**
 * The live game in the browser (issue 13): players on phones in their own contexts, each with its own
 * geolocation, join two teams and ready up; the host starts the game from the console; players move and the
 * host (every team) and a teammate (own team only) see them move; a player who refused location shows as
 * 'no location'; the organiser's page shows the join link and the live map. The server killed mid-game and
 * restarted: game-restart.test.ts (a real process).
 */
const HOST_EMAIL = 'hattie.host@e2e.test';
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };

type Seed = { code: string; manageKey: string; chickenKey: string; startsAt: Date };
/** The game's own zone, not the phones' (Europe/London): the lobby shows the start in the game's zone (0110). */
const GAME_ZONE = 'America/New_York';
const HIDING_SPOT = 'The Crown pub, back room';
const MEETING_POINT = '1 Market Square';
const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser<Seed>({
  seed: async (db) => {
    const [host] = await db.insert(users).values({ name: 'Hattie Host', email: HOST_EMAIL, isHost: true }).returning();
    if (!host) throw new Error('host not seeded');
    // The meeting is 90 minutes away, in the game's own zone: the lobby counts down to it.
    const startsAt = new Date(Math.ceil((Date.now() + 90 * 60_000) / 60_000) * 60_000);
    const local = utcToLocal(startsAt.toISOString(), GAME_ZONE);
    if (!local) throw new Error('no local time');
    const paid = await createPaidBooking(db, {
      fullName: 'Gina Game',
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
      utcDateTime: startsAt,
      timezone: GAME_ZONE,
      date: local.date,
      meetingTime: local.time,
      meetingPointAddress: MEETING_POINT,
      meetingPointNotes: 'By the fountain',
      meetingPointStatus: 'confirmed',
      hidingSpotAddress: HIDING_SPOT,
      hidingSpotStatus: 'confirmed',
    });
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, paid.booking.id));
    await db.insert(teams).values([
      { bookingId: paid.booking.id, name: 'Foxes' },
      { bookingId: paid.booking.id, name: 'Owls' },
    ]);
    const [game] = await db.select({ code: games.code, chickenKey: games.chickenKey }).from(games).where(eq(games.bookingId, paid.booking.id));
    if (!game) throw new Error('game not created');
    return { code: game.code, manageKey: paid.booking.manageKey, chickenKey: game.chickenKey, startsAt };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A browser of its own (cookies, storage, geolocation); location allowed only when given one. */
async function person(
  options: { geolocation?: { latitude: number; longitude: number }; viewport?: typeof PHONE } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await playerContext(j.browser, j.server.url, options);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

async function join(page: Page, name: string, team: string) {
  await page.goto(`/play/${j.seed.code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('radio', { name: new RegExp(team) }).check();
  await page.getByRole('button', { name: 'Join the game' }).click();
  await page.getByTestId('my-team').filter({ hasText: team }).waitFor();
}

async function joinAsChicken(page: Page) {
  await page.goto(`/play/${j.seed.code}?chicken=${j.seed.chickenKey}`);
  await page.getByLabel('Your name').fill('Chick');
  await page.getByRole('button', { name: 'Join the game' }).click();
  await page.getByText('You are the Chicken').waitFor();
}

/** Where a player's marker is on a page's map, or null when it shows none. */
async function markerAt(page: Page, name: string): Promise<string | null> {
  const marker = page.locator(`[data-testid="map-marker"][data-name="${name}"]`);
  if ((await marker.count()) === 0) return null;
  return `${Number(await marker.getAttribute('data-lat')).toFixed(4)},${Number(await marker.getAttribute('data-lng')).toFixed(4)}`;
}

const where = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`;

let ann: { context: BrowserContext; page: Page };
let bob: { context: BrowserContext; page: Page };
let cat: { context: BrowserContext; page: Page };
let host: { context: BrowserContext; page: Page };
let chicken: { context: BrowserContext; page: Page };
const CHICKEN_SPOT = { latitude: 51.5061, longitude: -0.1301 };

describe('the live game', () => {
  it('players join two teams and ready up, one without location; the Chicken joins with its link', async () => {
    [ann, bob, cat, chicken] = await Promise.all([
      person({ geolocation: CENTRE }),
      person({ geolocation: { latitude: 51.509, longitude: -0.13 } }),
      person(),
      person({ geolocation: CHICKEN_SPOT }),
    ]);
    // Phones join side by side, as at a real meeting point.
    await Promise.all([join(ann.page, 'Ann', 'Foxes'), join(bob.page, 'Bob', 'Owls'), join(cat.page, 'Cat', 'Foxes'), joinAsChicken(chicken.page)]);
    await Promise.all(
      [ann.page, bob.page, chicken.page].map(async (p) => {
        await p.getByRole('button', { name: 'Share my location' }).click();
        await p.getByTestId('location-state').filter({ hasText: 'Location on' }).waitFor();
      }),
    );
    await cat.page.getByRole('button', { name: 'Play without location' }).click();
    await cat.page.getByTestId('location-state').filter({ hasText: 'no location' }).waitFor();
    await Promise.all(
      [ann.page, bob.page, cat.page].map(async (p) => {
        await p.getByRole('button', { name: "I'm ready" }).click();
        await p.getByTestId('lobby-status').filter({ hasText: 'Waiting for the host' }).waitFor();
      }),
    );
    // A teammate in the lobby sees Cat join the Foxes (the stream), not Bob of the Owls.
    await ann.page.getByRole('list', { name: 'Teammates' }).getByText('Cat').waitFor();
    expect(await ann.page.getByRole('list', { name: 'Teammates' }).getByText('Bob').count()).toBe(0);
    expect(await seriousA11yViolations(ann.page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the lobby shows the meeting point, the start in the game's zone with a live countdown, and the rules", async () => {
    const page = ann.page;
    expect(await page.getByTestId('lobby-meeting-point').textContent()).toBe(MEETING_POINT);
    expect(await page.getByLabel('Before the game').textContent()).toContain('By the fountain');
    expect(await page.getByTestId('lobby-start').textContent()).toBe(
      `${format(new TZDate(j.seed.startsAt.getTime(), GAME_ZONE), 'EEEE d MMMM, HH:mm')} (${GAME_ZONE})`,
    );
    const countdown = page.getByTestId('lobby-countdown');
    const first = (await countdown.textContent()) ?? '';
    // About 90 minutes to go: 1:2x:xx or 1:29:xx, counting down each second.
    expect(first).toMatch(/^in 1:[0-3]\d:\d\d$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
    const rules = (await page.getByTestId('lobby-rules').textContent()) ?? '';
    expect(rules).toContain('The Chicken hides somewhere in the game area');
    expect(rules).toContain('the team with the most points wins');
  });

  it("the Chicken's screen shows its hiding spot and instructions written for the Chicken", async () => {
    const page = chicken.page;
    expect(await page.getByTestId('chicken-hiding-spot').textContent()).toBe(HIDING_SPOT);
    const steps = (await page.getByTestId('chicken-instructions').textContent()) ?? '';
    expect(steps).toContain('Go to your hiding spot before the start');
    expect(steps).toContain('found-code');
    await page.getByTestId('lobby-countdown').waitFor();
    expect(await page.getByTestId('lobby-status').textContent()).toContain('at your hiding spot');
    // Nothing written for a team: no meeting point, no team, no 'your own team'.
    const text = ((await page.locator('main').textContent()) ?? '').toLowerCase();
    for (const phrase of ['meeting point', 'your own team', 'your team', 'switch team']) expect(text).not.toContain(phrase);
    expect(await page.getByTestId('location-state').textContent()).toContain('only the host sees you');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('the host starts the game from the console; every phone turns live', async () => {
    host = await person({ viewport: DESKTOP });
    await signIn(host.context, j.server, HOST_EMAIL);
    await host.page.goto(`/host/${j.seed.code}`);
    await host.page.getByTestId('player-row').nth(3).waitFor();
    await host.page.getByRole('button', { name: 'Start Game' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Yes, start' }).click();
    await host.page.getByTestId('game-status').filter({ hasText: 'live' }).waitFor();
    // The players' screens turn live on their own, with the time left.
    for (const p of [ann.page, bob.page, cat.page, chicken.page]) await p.getByTestId('time-left').waitFor();
    expect(errors).toEqual([]);
  });

  it('players move: the host sees both markers move, a teammate sees a teammate, the refuser shows as no location', async () => {
    // Once live, each phone sends its position: the host sees Ann and Bob where their phones are.
    await expect.poll(() => markerAt(host.page, 'Ann'), { timeout: 15_000 }).toBe(where(CENTRE));
    await expect.poll(() => markerAt(host.page, 'Bob'), { timeout: 15_000 }).toBe(where({ latitude: 51.509, longitude: -0.13 }));

    const annMoved = { latitude: 51.5084, longitude: -0.1268 };
    const bobMoved = { latitude: 51.5098, longitude: -0.1312 };
    await ann.context.setGeolocation(annMoved);
    await bob.context.setGeolocation(bobMoved);
    await expect.poll(() => markerAt(host.page, 'Ann'), { timeout: 15_000 }).toBe(where(annMoved));
    await expect.poll(() => markerAt(host.page, 'Bob'), { timeout: 15_000 }).toBe(where(bobMoved));
    // Cat (Foxes) follows Ann (Foxes) and never sees Bob (Owls).
    await expect.poll(() => markerAt(cat.page, 'Ann'), { timeout: 15_000 }).toBe(where(annMoved));
    expect(await markerAt(cat.page, 'Bob')).toBeNull();
    // The Chicken: on the host's map, never on a player's.
    await expect.poll(() => markerAt(host.page, 'Chick'), { timeout: 15_000 }).toBe(where(CHICKEN_SPOT));
    expect(await markerAt(cat.page, 'Chick')).toBeNull();
    expect(await markerAt(ann.page, 'Chick')).toBeNull();

    const catRow = host.page.locator('[data-testid="player-row"][data-name="Cat"]');
    expect(await catRow.getByTestId('player-location').textContent()).toBe('no location');
    expect(await ann.page.locator('[data-testid="team-player"][data-name="Cat"]').getByTestId('player-location').textContent()).toBe('no location');

    expect(await seriousA11yViolations(bob.page)).toEqual([]);

    // A message from the host reaches the players as it is sent.
    await host.page.getByLabel('Message', { exact: true }).fill('Regroup at the fountain');
    await host.page.getByRole('button', { name: 'Send to all players' }).click();
    await bob.page.getByTestId('host-messages').getByText('Regroup at the fountain').waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the organiser's phone: the Chicken's link in its own section; the Chicken on the map only after opting in", async () => {
    const organiser = await person();
    await organiser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await organiser.page.goto(`/manage/${j.seed.manageKey}`);
    // The players' link at the top; the Chicken's far from it, in a section of its own with its own copy button.
    const header = organiser.page.locator('header');
    await header.getByTestId('join-link').waitFor();
    expect(await header.getByTestId('chicken-link').count()).toBe(0);
    const section = organiser.page.locator('#chicken-link');
    expect(await section.getByRole('heading').textContent()).toBe("The Chicken's link");
    expect(await section.textContent()).toContain('Only for the person playing the Chicken.');
    expect(await section.getByTestId('chicken-link-warning').textContent()).toContain('Do not share this with the players.');
    expect(await section.getByTestId('chicken-link').getAttribute('href')).toBe(`/play/${j.seed.code}?chicken=${j.seed.chickenKey}`);
    await section.getByRole('button', { name: "Copy the Chicken's link" }).click();
    await expectToast(organiser.page, "Chicken's link copied");
    expect(await organiser.page.evaluate(() => navigator.clipboard.readText())).toBe(`${j.server.url}/play/${j.seed.code}?chicken=${j.seed.chickenKey}`);

    // Live: every team on the map, the Chicken not, until the organiser opts in (warned that it spoils the hunt).
    const live = organiser.page.locator('#live');
    await live.getByTestId('live-map').waitFor();
    await expect.poll(() => markerAt(organiser.page, 'Bob'), { timeout: 15_000 }).not.toBeNull();
    const optIn = live.getByRole('checkbox', { name: 'Show the Chicken on my map' });
    expect(await optIn.isChecked()).toBe(false);
    expect(await live.getByTestId('chicken-opt-in-warning').textContent()).toContain('spoils the hunt for players');
    // The Chicken has sent its position for a while (the host sees it): the organiser's snapshot and stream leave it out.
    expect(await markerAt(host.page, 'Chick')).toBe(where(CHICKEN_SPOT));
    expect(await markerAt(organiser.page, 'Chick')).toBeNull();
    expect(await live.getByTestId('live-map').locator('[data-testid="map-marker"]').count()).toBeGreaterThan(0);
    await optIn.check();
    await expect.poll(() => markerAt(organiser.page, 'Chick'), { timeout: 15_000 }).toBe(where(CHICKEN_SPOT));
    expect(await live.getByTestId('chicken-opt-in-warning').textContent()).toContain('Keep this screen away from the players');
    await optIn.uncheck();
    await expect.poll(() => markerAt(organiser.page, 'Chick'), { timeout: 15_000 }).toBeNull();
    expect(await seriousA11yViolations(organiser.page)).toEqual([]);
    await organiser.context.close();
    expect(errors).toEqual([]);
  });

  it('an error toast on a phone closes with its close button and leaves the timer in view', async () => {
    const page = ann.page;
    await page.getByLabel("Code on the Chicken's screen").fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Claim the Chicken' }).click();
    const toast = page.locator('[data-sonner-toast]', { hasText: CHICKEN_MESSAGES.wrongCode });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(await page.getByTestId('time-left').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("the organiser's page shows the join link to share and the live map with the teams", async () => {
    const organiser = await person({ viewport: DESKTOP });
    await organiser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await organiser.page.goto(`/manage/${j.seed.manageKey}`);
    const link = organiser.page.getByTestId('join-link');
    expect(await link.getAttribute('href')).toBe(`/play/${j.seed.code}`);
    expect(await organiser.page.getByTestId('chicken-link').getAttribute('href')).toBe(`/play/${j.seed.code}?chicken=${j.seed.chickenKey}`);
    await organiser.page.getByRole('button', { name: 'Copy join link' }).click();
    await expectToast(organiser.page, 'Copied to clipboard');
    expect(await organiser.page.evaluate(() => navigator.clipboard.readText())).toBe(`${j.server.url}/play/${j.seed.code}`);

    const live = organiser.page.locator('#live');
    await live.getByTestId('live-map').waitFor();
    await live.locator('[data-testid="team-row"][data-name="Foxes"]').waitFor();
    await expect.poll(() => markerAt(organiser.page, 'Bob'), { timeout: 15_000 }).not.toBeNull();

    // The host console is for its host and admins: the organiser, not logged in, is sent to the login page.
    await organiser.page.goto(`/host/${j.seed.code}`);
    await organiser.page.waitForURL(`**/login?next=${encodeURIComponent(`/host/${j.seed.code}`)}`);

    // The host ends the game: every player sees "Game over".
    await host.page.getByRole('button', { name: 'End Game' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Yes, end' }).click();
    for (const p of [ann.page, bob.page, cat.page]) await p.getByRole('heading', { name: 'Game over' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the player app installs: its manifest is linked and its service worker takes the /play scope', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, viewport: PHONE });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/play');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return (await fetch(href)).json();
    });
    expect(manifest).toMatchObject({ scope: '/play', start_url: '/play', display: 'standalone' });
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => new URL(r.scope).pathname));
    expect(scope).toBe('/play');
  });
});
