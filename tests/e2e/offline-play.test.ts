import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { users } from '../../src/server/domains/identity/tables/users';
import { scoreAdjustments } from '../../src/server/domains/game/tables/scoring';
import { sha256 } from '../../src/server/platform/crypto';
import { MADE_AT_MESSAGES } from '../../src/shared/game/made-at';
import type { Db } from '../../src/server/platform/db/client';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { DESKTOP, PHONE } from './support/browser';
import { freePort } from './support/server';
import { insertLiveInstance } from './support/live-game';
import { call } from './support/call';

/**
 * Weak signal, nothing lost (issue 29, decisions 0432, 0433), on a 390 px phone with the players' service worker on
 * (the other browser journeys block it): the browser's offline mode while a player answers, moves and reloads; and an
 * answer made offline before the game ended (taken) and after (refused, and the phone says why). Map tiles come from a
 * tile server of the test's own (there is no internet here), so the tiles kept for a dead zone can be seen.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const MOVED = { latitude: 51.5086, longitude: -0.1278 };
const HOST_EMAIL = 'olive.offline@e2e.test';
const TOKENS = { ann: 'e2e-offline-token-ann-0123456789abcdef', bea: 'e2e-offline-token-bea-0123456789abcdef' };
const CHALLENGE = 'Name the bridge';
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

type Seeded = { code: string; gameId: number; challengeId: number; teamId: number };

let tiles: Server;
const tileRequests: string[] = [];
const contexts: BrowserContext[] = [];
const errors: string[] = [];

async function seedGame(db: Db, hostId: number, player: { name: string; token: string }): Promise<Seeded> {
  const paid = await createPaidBooking(db, {
    ...startableSchedule(),
    players: 6,
    duration: 60,
    initialAreaLat: CENTRE.latitude,
    initialAreaLng: CENTRE.longitude,
    initialAreaRadius: 800,
  });
  await db.update(bookings).set({ assignedHostId: hostId }).where(eq(bookings.id, paid.booking.id));
  const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
  const [challenge] = await db
    .insert(challenges)
    .values({ name: CHALLENGE, description: 'The one with two towers.', type: 'RightWrong', maxScore: 5, maxSubmissions: 3 })
    .returning({ id: challenges.id });
  if (!challenge) throw new Error('no challenge');
  await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: challenge.id, position: 0 });
  // Three teams: the Owls lead; the Foxes (the phone's) share 2nd with the Hares until staff give them a bonus.
  const [foxes, owls] = await db
    .insert(instanceTeams)
    .values([
      { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
      { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      { instanceId: instance.id, name: 'Hares', nameKey: 'hares' },
    ])
    .returning();
  if (!foxes || !owls) throw new Error('no team');
  await db.insert(scoreAdjustments).values({ teamId: owls.id, points: 10, reason: 'Early start' });
  await db
    .insert(players)
    .values({ instanceId: instance.id, teamId: foxes.id, name: player.name, tokenHash: sha256(player.token), location: 'granted', ready: true });
  return { code: paid.gameCode ?? '', gameId: paid.gameId, challengeId: challenge.id, teamId: foxes.id };
}

// The tile server starts first: the app server's MAP_TILE_URL needs its port (hooks run in the order they are defined).
const env: Record<string, string> = {};
beforeAll(async () => {
  tiles = createServer((request, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=86400' });
    response.end(PNG);
  });
  const tilePort = await freePort();
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
  env.MAP_TILE_URL = `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`;
});
const j = useServerAndBrowser({
  env,
  seed: async (db) => {
    const [host] = await db.insert(users).values({ name: 'Olive Offline', email: HOST_EMAIL, isHost: true }).returning();
    if (!host) throw new Error('no host');
    return { a: await seedGame(db, host.id, { name: 'Ann', token: TOKENS.ann }), c: await seedGame(db, host.id, { name: 'Bea', token: TOKENS.bea }) };
  },
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await new Promise((resolve) => tiles?.close(resolve));
});

/** A joined player's phone with the service worker allowed: the token is put where the player app keeps it. */
async function phone(code: string, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await j.browser.newContext({
    baseURL: j.server.url,
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'allow',
    geolocation: CENTRE,
    permissions: ['geolocation'],
  });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  // The code page first (it registers the worker), then the token, as joining leaves it, and the game.
  await page.goto('/play');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: `hatch.play.${code}`, value: token });
  await page.goto(`/play/${code}`);
  return { context, page };
}

async function hostConsole(code: string): Promise<Page> {
  const context = await j.browser.newContext({
    baseURL: j.server.url,
    viewport: DESKTOP,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'block',
  });
  contexts.push(context);
  await signIn(context, j.server, HOST_EMAIL);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/host/${code}`);
  return page;
}

/** Where a player's marker is on a page's map, or null when it shows none. */
async function markerAt(page: Page, name: string): Promise<string | null> {
  const marker = page.locator(`[data-testid="map-marker"][data-name="${name}"]`);
  if ((await marker.count()) === 0) return null;
  return `${Number(await marker.getAttribute('data-lat')).toFixed(4)},${Number(await marker.getAttribute('data-lng')).toFixed(4)}`;
}
const where = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`;

/** The paths the service worker keeps in one of its caches. */
const cached = (page: Page, cache: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cache);

/** How many things the banner says wait to be sent (0 when it names none). */
async function waitingCount(page: Page): Promise<number> {
  const banner = page.getByTestId('offline-banner');
  if ((await banner.count()) === 0) return 0;
  return Number(/(\d+) things? waiting/.exec((await banner.textContent()) ?? '')?.[1] ?? 0);
}

/** The times of the position fixes the phone keeps (its outbox in IndexedDB, outbox-store.ts). */
const keptFixTimes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('hatch-play');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve(read.result.flatMap((item: { type: string; madeAt: string }) => (item.type === 'position' ? [item.madeAt] : [])));
        };
      }),
  );

const answersIn = (db: Db, challengeId: number) =>
  db.select({ text: submissions.textAnswer }).from(submissions).where(eq(submissions.challengeId, challengeId));

async function answer(page: Page, text: string) {
  const card = page.locator(`[data-testid="challenge"][data-name="${CHALLENGE}"]`);
  await card.getByLabel('Your answer').fill(text);
  await card.getByRole('button', { name: 'Send answer' }).click();
  await card.locator('[data-testid="kept-answer"][data-state="waiting"]').filter({ hasText: text }).getByText('Waiting to send').waitFor();
}

describe('weak signal, nothing lost', () => {
  it('offline: the answer and the moves are kept, a reload keeps the player and the game, and everything arrives once', async () => {
    const { a } = j.seed;
    const host = await hostConsole(a.code);
    const { context, page } = await phone(a.code, TOKENS.ann);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(() => markerAt(host, 'Ann'), { timeout: 20_000 }).toBe(where(CENTRE));
    await page.getByRole('tab', { name: 'Challenges' }).click();
    await page.locator(`[data-testid="challenge"][data-name="${CHALLENGE}"]`).waitFor();
    // What the worker keeps for a dead zone: the game's reads (never the stream), and the area's tiles fetched ahead
    // at more zoom levels than the map shows.
    await expect.poll(async () => (await cached(page, 'hatch-play-reads')).filter((p) => /\/(map|challenges|me)$/.test(p)).length, { timeout: 20_000 }).toBe(3);
    expect((await cached(page, 'hatch-play-reads')).some((p) => p.endsWith('/stream'))).toBe(false);
    const zooms = () => new Set(tileRequests.map((p) => p.split('/')[2])).size;
    await expect.poll(zooms, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    // Staff give the Foxes a bonus: the phone hears it on its stream (the worker's copy of the map is older).
    const { page: admin } = await j.staffPage('/admin');
    const bonus = await call(admin, 'POST', `/api/admin/scoring/teams/${a.teamId}/adjustments`, { points: 5, reason: 'Best costumes' });
    expect(bonus.status).toBe(201);
    await page.getByRole('tab', { name: 'Map' }).click();
    await expect.poll(() => page.getByTestId('my-team-score').innerText(), { timeout: 15_000 }).toBe('Foxes: 5 points · 2nd of 3');
    await page.getByRole('tab', { name: 'Challenges' }).click();

    await context.setOffline(true);
    await page.locator('[data-testid="offline-banner"][data-state="offline"]').getByText('You are offline').waitFor();
    await answer(page, 'Tower Bridge');
    // The phone keeps its fixes with their time; a phone standing still keeps the same fix twice (the second less than
    // a second after the first, which the server refuses): it must not hold back the fix after it.
    await expect
      .poll(
        async () => {
          const times = (await keptFixTimes(page)).map((t) => Date.parse(t));
          return times.some((t, i) => i > 0 && t - (times[i - 1] ?? 0) < 1000);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.setGeolocation(MOVED);
    const before = await waitingCount(page);
    await expect.poll(() => waitingCount(page), { timeout: 30_000 }).toBeGreaterThan(before);

    // A reload without signal: the same player, the game and the challenge list, from the worker's copies.
    await page.reload();
    await expect(page.getByTestId('player-name').textContent()).resolves.toBe('Ann');
    expect(await page.getByRole('heading', { name: /Join game/ }).count()).toBe(0);
    await page.locator('[data-testid="offline-banner"][data-state="offline"]').waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    // The header keeps the score and rank the stream brought (issue 36: it read "0 points · 1st of 3").
    expect(await page.getByTestId('my-team-score').innerText()).toBe('Foxes: 5 points · 2nd of 3');
    await page.getByRole('tab', { name: 'Challenges' }).click();
    const card = page.locator(`[data-testid="challenge"][data-name="${CHALLENGE}"]`);
    await card.locator('[data-testid="kept-answer"][data-state="waiting"]').filter({ hasText: 'Tower Bridge' }).waitFor();
    // The kept answer takes its place: 2 of 3 left, not 3 of 3.
    await card.getByText('2 of 3 submissions left').waitFor();

    await context.setOffline(false);
    await card.locator('[data-testid="kept-answer"][data-state="sent"]').filter({ hasText: 'Tower Bridge' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Waiting to send').count()).toBe(0);
    await expect.poll(() => markerAt(host, 'Ann'), { timeout: 30_000 }).toBe(where(MOVED));
    expect(await answersIn(j.server.db, a.challengeId)).toEqual([{ text: 'Tower Bridge' }]);
    await expect.poll(() => waitingCount(page), { timeout: 30_000 }).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an answer made offline before the end is taken after it; one made after is refused, and the phone says why', async () => {
    const { c } = j.seed;
    const host = await hostConsole(c.code);
    const { context, page } = await phone(c.code, TOKENS.bea);
    await page.getByRole('tab', { name: 'Challenges' }).click();
    await page.locator(`[data-testid="challenge"][data-name="${CHALLENGE}"]`).waitFor();

    await context.setOffline(true);
    await answer(page, 'Made in time');
    await host.getByRole('button', { name: 'End Game' }).click();
    await host.getByRole('dialog').getByRole('button', { name: 'Yes, end' }).click();
    await host.getByTestId('game-status').filter({ hasText: 'ended' }).waitFor();
    // Still offline, the phone does not know yet: it takes the answer and keeps it.
    await answer(page, 'Made too late');

    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Game over' }).waitFor({ timeout: 30_000 });
    const kept = page.getByTestId('kept-answer');
    await kept.and(page.locator('[data-state="sent"]')).filter({ hasText: 'Made in time' }).waitFor({ timeout: 30_000 });
    const refused = kept.and(page.locator('[data-state="refused"]')).filter({ hasText: 'Made too late' });
    await refused.getByText(MADE_AT_MESSAGES.afterEnd).waitFor({ timeout: 30_000 });
    await expect(refused.getByTestId('kept-answer-status').textContent()).resolves.toBe('Not counted');
    expect(await answersIn(j.server.db, c.challengeId)).toEqual([{ text: 'Made in time' }]);
    expect(errors).toEqual([]);
  });
});
