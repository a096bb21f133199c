import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings, teams } from '../../src/server/db/schema/bookings';
import { games } from '../../src/server/db/schema/games';
import { users } from '../../src/server/db/schema/users';
import { hashPassword } from '../../src/server/lib/crypto';
import { seedDataDir } from './support/data-dir';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { launchBrowser, loginAsAdmin, DESKTOP, PHONE } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { seriousA11yViolations } from './support/axe';

/**
 * The live game in the browser (issue 13): players on phones in their own contexts, each with its own
 * geolocation, join two teams and ready up; the host starts the game from the console; players move and the
 * host (every team) and a teammate (own team only) see them move; a player who refused location shows as
 * 'no location'; the organiser's page shows the join link and the live map.
 */
const HOST = { email: 'hattie.host@e2e.test', password: 'a-long-host-passphrase' };
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };

type Seed = { code: string; manageKey: string; chickenKey: string };
let seed: Seed;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

async function seedDatabase(dir: string): Promise<Seed> {
  return seedDataDir(dir, async (db) => {
    const [host] = await db.insert(users).values({ name: 'Hattie Host', email: HOST.email, isHost: true, passwordHash: await hashPassword(HOST.password) }).returning();
    if (!host) throw new Error('host not seeded');
    const paid = await createPaidBooking(db, { ...startableSchedule(), fullName: 'Gina Game', players: 6, duration: 60, initialAreaLat: CENTRE.latitude, initialAreaLng: CENTRE.longitude, initialAreaRadius: 800 });
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, paid.booking.id));
    await db.insert(teams).values([
      { bookingId: paid.booking.id, name: 'Foxes' },
      { bookingId: paid.booking.id, name: 'Owls' },
    ]);
    const [game] = await db.select({ code: games.code, chickenKey: games.chickenKey }).from(games).where(eq(games.bookingId, paid.booking.id));
    if (!game) throw new Error('game not created');
    return { code: game.code, manageKey: paid.booking.manageKey, chickenKey: game.chickenKey };
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-game-'));
  seed = await seedDatabase(dataDir);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own (cookies, storage, geolocation); location allowed only when given one. */
async function person(options: { geolocation?: { latitude: number; longitude: number }; viewport?: typeof PHONE } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport ?? PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // The service worker is not under test here, and it would keep requests away from the tile block below.
    serviceWorkers: 'block',
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  contexts.push(context);
  // No internet here: map tiles are refused at once.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

async function join(page: Page, name: string, team: string) {
  await page.goto(`/play/${seed.code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('radio', { name: new RegExp(team) }).check();
  await page.getByRole('button', { name: 'Join the game' }).click();
  await page.getByTestId('my-team').filter({ hasText: team }).waitFor();
}

async function joinAsChicken(page: Page) {
  await page.goto(`/play/${seed.code}?chicken=${seed.chickenKey}`);
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

  it('the host starts the game from the console; every phone turns live', async () => {
    host = await person({ viewport: DESKTOP });
    await loginAsAdmin(host.page, `/host/${seed.code}`, HOST);
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

  it('the server is killed mid-game: phones say Reconnecting…, then catch up and the game goes on', async () => {
    const port = server.port;
    // kill -9: no goodbye to the phones, no clean shutdown of the embedded database.
    const stopped = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await Promise.all([ann.page, host.page].map((p) => p.getByTestId('connection-status').filter({ hasText: 'Reconnecting…' }).waitFor()));
    // A position while the server is down is simply not delivered; once it is back, the next fixes are.
    const annBack = { latitude: 51.5079, longitude: -0.1259 };
    await ann.context.setGeolocation(annBack);
    await stopped;
    server = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await Promise.all([ann.page, host.page].map((p) => p.locator('[data-testid="connection-status"][data-state="open"]').waitFor({ timeout: 20_000 })));
    await expect.poll(() => markerAt(host.page, 'Ann'), { timeout: 20_000 }).toBe(where(annBack));
    await expect.poll(() => markerAt(cat.page, 'Ann'), { timeout: 20_000 }).toBe(where(annBack));
    expect(errors).toEqual([]);
  });

  it("the organiser's page shows the join link to share and the live map with the teams", async () => {
    const organiser = await person({ viewport: DESKTOP });
    await organiser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await organiser.page.goto(`/manage/${seed.manageKey}`);
    const link = organiser.page.getByTestId('join-link');
    expect(await link.getAttribute('href')).toBe(`/play/${seed.code}`);
    expect(await organiser.page.getByTestId('chicken-link').getAttribute('href')).toBe(`/play/${seed.code}?chicken=${seed.chickenKey}`);
    await organiser.page.getByRole('button', { name: 'Copy join link' }).click();
    await organiser.page.locator('[data-sonner-toast]', { hasText: 'Copied to clipboard' }).first().waitFor();
    expect(await organiser.page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/play/${seed.code}`);

    const live = organiser.page.locator('#live');
    await live.getByTestId('live-map').waitFor();
    await live.locator('[data-testid="team-row"][data-name="Foxes"]').waitFor();
    await expect.poll(() => markerAt(organiser.page, 'Bob'), { timeout: 15_000 }).not.toBeNull();

    // The host console is for its host and admins: the organiser, not logged in, is sent to the login page.
    await organiser.page.goto(`/host/${seed.code}`);
    await organiser.page.waitForURL(`**/login?next=${encodeURIComponent(`/host/${seed.code}`)}`);

    // The host ends the game: every player sees "Game over".
    await host.page.getByRole('button', { name: 'End Game' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Yes, end' }).click();
    for (const p of [ann.page, bob.page, cat.page]) await p.getByRole('heading', { name: 'Game over' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the player app installs: its manifest is linked and its service worker takes the /play scope', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
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
