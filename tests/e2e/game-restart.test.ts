import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { users } from '../../src/server/domains/identity/tables/users';
import { sha256 } from '../../src/server/platform/crypto';
import { urlOf } from '../../src/shared/api/endpoint';
import { hostReviewEndpoints } from '../../src/shared/api/endpoints/play-challenges';
import { hostSubmissionsResponse } from '../../src/shared/api/play-challenges';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { sessionFor } from './support/app-server';
import type { PHONE } from './support/browser';
import { DESKTOP, closeFileContexts, workerBrowser } from './support/browser';
import { seedDataDir } from './support/data-dir';
import { startServer, type RunningServer } from './support/server';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * The live game survives its server (issue 13): the server process is killed with SIGKILL mid-game (no goodbye to the
 * phones, no clean shutdown of the embedded database) and started again on the same port and data folder. This needs
 * a real process, so this file alone spawns the built server (`startServer()`); the rest of the live game is
 * game.test.ts. The game is seeded live with its players (their tokens as the player app keeps them) and the host's
 * session row, so the test goes straight to the kill. An answer made while the server is down is kept on the phone and
 * arrives once after the restart (issue 29, decisions 0430, 0432).
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const CAT_SPOT = { latitude: 51.509, longitude: -0.13 };
const HOST_EMAIL = 'hattie.host@e2e.test';
const CHALLENGE = 'Name the bridge';
const TOKENS = { ann: 'e2e-restart-token-ann-0123456789abcdef', cat: 'e2e-restart-token-cat-0123456789abcdef' };

let code: string;
let hostSession: string;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-restart-'));
  ({ code, hostSession } = await seedDataDir(dataDir, async (db) => {
    const [host] = await db.insert(users).values({ name: 'Hattie Host', email: HOST_EMAIL, isHost: true }).returning();
    if (!host) throw new Error('host not seeded');
    const paid = await createPaidBooking(db, {
      ...startableSchedule(),
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, paid.booking.id));
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes) throw new Error('no team');
    const [challenge] = await db
      .insert(challenges)
      .values({ name: CHALLENGE, description: 'The one with two towers.', type: 'RightWrong', maxScore: 5, maxSubmissions: 3 })
      .returning({ id: challenges.id });
    if (!challenge) throw new Error('no challenge');
    await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
    await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: challenge.id, position: 0 });
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'granted', ready: true },
      { instanceId: instance.id, teamId: foxes.id, name: 'Cat', tokenHash: sha256(TOKENS.cat), location: 'granted', ready: true },
    ]);
    // What logging in leaves behind: the host's session, written while the folder is still the test's.
    return { code: paid.gameCode, hostSession: await sessionFor(db, HOST_EMAIL) };
  }));
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), workerBrowser()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await closeFileContexts(browser);
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own; a phone already joined (its token where the player app keeps it), at a place. */
async function person(
  options: { token?: string; geolocation?: { latitude: number; longitude: number }; viewport?: typeof PHONE } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { token, ...rest } = options;
  const context = await playerContext(browser, server.url, { ...rest, ...(token ? { storage: { [`hatch.play.${code}`]: token } } : {}) });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

/** Where a player's marker is on a page's map, or null when it shows none. */
async function markerAt(page: Page, name: string): Promise<string | null> {
  const marker = page.locator(`[data-testid="map-marker"][data-name="${name}"]`);
  if ((await marker.count()) === 0) return null;
  return `${Number(await marker.getAttribute('data-lat')).toFixed(4)},${Number(await marker.getAttribute('data-lng')).toFixed(4)}`;
}

const where = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`;

/** The game's answers as the host's review queue lists them (the server's word, read with the host's session). */
async function answersForHost(host: BrowserContext): Promise<(string | null)[]> {
  const response = await host.request.get(`${server.url}${urlOf(hostReviewEndpoints.list, { code })}`);
  expect(response.status()).toBe(200);
  return hostSubmissionsResponse.parse(await response.json()).submissions.map((s) => s.text);
}

describe('the live game and its server', () => {
  it('the server is killed mid-game: phones say Reconnecting…, then catch up, the game goes on and an answer made meanwhile arrives once', async () => {
    const [ann, cat, host] = await Promise.all([
      person({ token: TOKENS.ann, geolocation: CENTRE }),
      person({ token: TOKENS.cat, geolocation: CAT_SPOT }),
      person({ viewport: DESKTOP }),
    ]);
    await host.context.addCookies([{ name: 'hatch_session', value: hostSession, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
    await Promise.all([ann.page.goto(`/play/${code}`), cat.page.goto(`/play/${code}`), host.page.goto(`/host/${code}`)]);
    // The game is under way: the host and a teammate see Ann where her phone is.
    await expect.poll(() => markerAt(host.page, 'Ann'), { timeout: 20_000 }).toBe(where(CENTRE));
    await expect.poll(() => markerAt(cat.page, 'Ann'), { timeout: 20_000 }).toBe(where(CENTRE));
    await ann.page.getByRole('tab', { name: 'Challenges' }).click();
    const card = ann.page.locator(`[data-testid="challenge"][data-name="${CHALLENGE}"]`);
    await card.waitFor();

    const port = server.port;
    // kill -9: no goodbye to the phones, no clean shutdown of the embedded database.
    const stopped = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await Promise.all([ann.page, host.page].map((p) => p.getByTestId('connection-status').filter({ hasText: 'Reconnecting…' }).waitFor()));
    // A position while the server is down is simply not delivered; once it is back, the next fixes are.
    const annBack = { latitude: 51.5079, longitude: -0.1259 };
    await ann.context.setGeolocation(annBack);
    await stopped;
    // An answer while the server is down: kept on the phone with its key, waiting to send.
    await card.getByLabel('Your answer').fill('Tower Bridge');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await card.locator('[data-testid="kept-answer"][data-state="waiting"]').getByText('Waiting to send').waitFor();
    server = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await Promise.all([ann.page, host.page].map((p) => p.locator('[data-testid="connection-status"][data-state="open"]').waitFor({ timeout: 20_000 })));
    await expect.poll(() => markerAt(host.page, 'Ann'), { timeout: 20_000 }).toBe(where(annBack));
    await expect.poll(() => markerAt(cat.page, 'Ann'), { timeout: 20_000 }).toBe(where(annBack));
    // The kept answer arrives once, and Ann is still Ann.
    await card.locator('[data-testid="kept-answer"][data-state="sent"]').filter({ hasText: 'Tower Bridge' }).waitFor({ timeout: 30_000 });
    expect(await answersForHost(host.context)).toEqual(['Tower Bridge']);
    await expect(ann.page.getByTestId('player-name').textContent()).resolves.toBe('Ann');
    expect(errors).toEqual([]);
  });
});
