import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { scoreAdjustments } from '../../src/server/domains/game/tables/scoring';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';
import { png } from './support/png';

/**
 * The big screen on a projector (issue 29, decision 0451): the organiser takes its private link from the booking's page
 * (the host console shows the same one), and a desktop browser with no login opens it: the live leaderboard with the
 * one total (challenge points, adjustments and the Chicken's points added), the time left, the photo wall that gains
 * a photo the moment the host approves it, the area map with the teams and never the Chicken. A wrong token, a
 * replaced one and another game's token for this game's photo are not found.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const FIX_AT = () => new Date(Date.now() - 30_000);

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const area = { initialAreaLat: CENTRE.latitude, initialAreaLng: CENTRE.longitude, initialAreaRadius: 800 };
    const paid = await createPaidBooking(db, { ...startableSchedule(), planType: 'pro', players: 6, duration: 60, ...area });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [statue] = await db
      .insert(challenges)
      .values({ name: 'Statue pose', description: 'Strike the pose of a statue.', type: 'RightWrong', maxScore: 6, maxSubmissions: 2 })
      .returning({ id: challenges.id });
    if (!statue) throw new Error('no challenge');
    await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
    await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: statue.id, position: 0 });
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        // Foxes: an approved photo (8) and staff's bonus (2). Owls: an approved answer (4) and the Chicken found (5).
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes', points: 10 },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls', points: 4, chickenPoints: 5, foundChickenAt: new Date() },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    await db.insert(scoreAdjustments).values({ teamId: foxes.id, points: 2, reason: 'Best costumes' });
    await db.insert(players).values([
      {
        instanceId: instance.id,
        teamId: foxes.id,
        name: 'Ann',
        tokenHash: sha256('e2e-screen-ann'),
        location: 'granted',
        lastLat: 51.5076,
        lastLng: -0.1276,
        lastAt: FIX_AT(),
      },
      {
        instanceId: instance.id,
        teamId: owls.id,
        name: 'Bob',
        tokenHash: sha256('e2e-screen-bob'),
        location: 'granted',
        lastLat: 51.5072,
        lastLng: -0.128,
        lastAt: FIX_AT(),
      },
      {
        instanceId: instance.id,
        name: 'Chick',
        role: 'chicken',
        tokenHash: sha256('e2e-screen-chick'),
        location: 'granted',
        lastLat: 51.509,
        lastLng: -0.128,
        lastAt: FIX_AT(),
      },
    ]);
    const key = (name: string) => `games/${instance.id}/${name}.png`;
    const now = new Date();
    const [shown, waiting] = await db
      .insert(submissions)
      .values([
        {
          instanceId: instance.id,
          teamId: foxes.id,
          challengeId: statue.id,
          kind: 'photo',
          mediaKey: key('0b9c2f5e-1d3a-4c7b-8e6f-5a4d3c2b1a01'),
          status: 'approved',
          pointsAwarded: 8,
          submittedAt: now,
          reviewedAt: now,
        },
        {
          instanceId: instance.id,
          teamId: owls.id,
          challengeId: statue.id,
          kind: 'photo',
          mediaKey: key('0b9c2f5e-1d3a-4c7b-8e6f-5a4d3c2b1a02'),
          status: 'pending',
          submittedAt: now,
        },
        {
          instanceId: instance.id,
          teamId: owls.id,
          kind: 'text',
          textAnswer: 'The lion on the left',
          status: 'approved',
          pointsAwarded: 4,
          submittedAt: now,
          reviewedAt: now,
        },
      ])
      .returning();
    if (!shown || !waiting) throw new Error('no submissions');

    // Another game, with its own big screen: its link must never show this game's photos.
    const other = await createPaidBooking(db, { ...startableSchedule({ minutesAhead: 120 }), players: 4, ...area });
    return {
      code: paid.gameCode ?? '',
      manageKey: paid.booking.manageKey,
      otherCode: other.gameCode ?? '',
      otherManageKey: other.booking.manageKey,
      photos: { shown: { id: shown.id, key: shown.mediaKey ?? '' }, waiting: { id: waiting.id, key: waiting.mediaKey ?? '' } },
    };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A browser of its own: no cookie, no token, only the link. */
async function freshPage(): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

const rows = (page: Page) => page.locator('[data-testid="screen-leaderboard"] [data-testid="leaderboard-row"]');
const ranking = (page: Page) =>
  rows(page).evaluateAll((items) => items.map((i) => `${i.getAttribute('data-name') ?? ''} ${i.getAttribute('data-points') ?? ''}`));
const wallPhoto = (page: Page, id: number) => page.locator(`[data-testid="photo-wall"] [data-testid="feed-item"][data-id="${id}"] img`);
const naturalWidth = (page: Page, id: number) => wallPhoto(page, id).evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0));
/** Seconds of a "59:58" or "1:02:03" clock. */
const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('the big screen', () => {
  let screenUrl = '';
  let screen: Page;

  it('opens from the organiser’s link on a desktop: the one total, the time left, the photo wall, the teams and never the Chicken', async () => {
    // The photos the seed's answers name, where the upload would have stored them: 30 and 40 pixels wide.
    for (const [photo, size] of [
      [j.seed.photos.shown, 30],
      [j.seed.photos.waiting, 40],
    ] as const) {
      const file = path.join(j.server.dataDir, 'photos', photo.key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, png(size));
    }

    const organiser = await freshPage();
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const link = organiser.locator('#showcase').getByTestId('screen-link');
    await link.waitFor();
    screenUrl = (await link.textContent()) ?? '';
    expect(screenUrl).toMatch(/\/screen\/[0-9a-f]{64}$/);
    // Staff see the same link on the host console.
    const { page: staff } = await j.staffPage(`/host/${j.seed.code}`);
    await staff.getByTestId('screen-link').filter({ hasText: screenUrl }).waitFor();

    screen = await freshPage();
    await screen.goto(new URL(screenUrl).pathname);
    await screen.getByTestId('big-screen').waitFor();
    await screen.getByRole('heading', { name: new RegExp(j.seed.code) }).waitFor();
    // The one total: the Foxes' 8 challenge points and 2 of staff's, before the Owls' 4 and 5 for the Chicken.
    await expect.poll(() => ranking(screen)).toEqual(['Foxes 10', 'Owls 9']);
    expect(await screen.getByTestId('screen-game-state').textContent()).toBe('Game on');
    // The time left of an hour-long game that just began, counting down.
    const clock = screen.getByTestId('time-left');
    const first = seconds(((await clock.getAttribute('aria-label')) ?? '').replace('Time left ', ''));
    expect(first).toBeGreaterThan(55 * 60);
    expect(first).toBeLessThanOrEqual(60 * 60);
    await expect.poll(async () => seconds(((await clock.getAttribute('aria-label')) ?? '').replace('Time left ', '')), { timeout: 5_000 }).toBeLessThan(first);

    // The wall: the approved photo, decoded, and the approved words; the waiting photo is not there.
    await screen.getByTestId('photo-wall').getByText('“The lion on the left”').waitFor();
    await expect.poll(() => naturalWidth(screen, j.seed.photos.shown.id), { timeout: 10_000 }).toBe(30);
    expect(await wallPhoto(screen, j.seed.photos.waiting.id).count()).toBe(0);
    // The map: the area, the teams' players, never the Chicken, not even in the page's data.
    expect(await screen.getByTestId('live-map').getAttribute('data-area-radius')).toBe('800');
    await screen.locator('[data-testid="map-marker"][data-name="Ann"]').waitFor({ timeout: 20_000 });
    await screen.locator('[data-testid="map-marker"][data-name="Bob"]').waitFor();
    expect(await screen.locator('[data-testid="map-marker"][data-name="Chick"]').count()).toBe(0);
    const snapshot = await call(screen, 'GET', `/api/screen/${new URL(screenUrl).pathname.split('/').at(-1) ?? ''}`);
    expect(snapshot.status).toBe(200);
    // The Chicken player (named "Chick") is nowhere in it; the template script's opening message may say "the Chicken".
    expect(JSON.stringify(snapshot.json)).not.toContain('"Chick"');
    await expectNoSeriousA11yViolations(screen, 'the big screen');
    expect(errors).toEqual([]);
  });

  it('gains the photo the host approves, at once, and moves the leaderboard', async () => {
    const { page: host, errors: hostErrors } = await j.staffPage(`/host/${j.seed.code}`);
    const card = host.locator('[data-testid="review-card"][data-team="Owls"]');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => naturalWidth(screen, j.seed.photos.waiting.id), { timeout: 15_000 }).toBe(40);
    await expect.poll(() => ranking(screen)).toEqual(['Owls 15', 'Foxes 10']);
    // Newest first: the approved photo heads the wall.
    expect(await screen.locator('[data-testid="photo-wall"] [data-testid="feed-item"]').first().getAttribute('data-id')).toBe(String(j.seed.photos.waiting.id));
    expect(hostErrors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows not-found for a wrong token, a replaced one, and another game’s token asking this game’s photo', async () => {
    const notFound = 'This big-screen link is not valid. Ask the organiser for the current one.';
    const stranger = await freshPage();
    await stranger.goto(`/screen/${'0'.repeat(64)}`);
    await stranger.getByTestId('screen-error').filter({ hasText: notFound }).waitFor();
    expect((await call(stranger, 'GET', `/api/screen/${'0'.repeat(64)}`)).status).toBe(404);

    // Another game's own link opens that game, and cannot reach this game's photo.
    const otherOrganiser = await freshPage();
    await otherOrganiser.goto(`/manage/${j.seed.otherManageKey}`);
    const otherLink = otherOrganiser.locator('#showcase').getByTestId('screen-link');
    await otherLink.waitFor();
    const otherToken = ((await otherLink.textContent()) ?? '').split('/').at(-1) ?? '';
    expect(otherToken).not.toBe(screenUrl.split('/').at(-1));
    await stranger.goto(`/screen/${otherToken}`);
    await stranger.getByRole('heading', { name: new RegExp(j.seed.otherCode) }).waitFor();
    expect(await stranger.getByText('Foxes').count()).toBe(0);
    expect((await call(stranger, 'GET', `/api/screen/${otherToken}/feed/${j.seed.photos.shown.id}/media`)).status).toBe(404);

    // The organiser replaces this game's link: the projector's old one is not found on its next load.
    const organiser = await freshPage();
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const section = organiser.locator('#showcase');
    await section.getByTestId('screen-link').filter({ hasText: screenUrl }).waitFor();
    await section.getByRole('button', { name: 'Replace the link' }).click();
    await section.getByTestId('screen-link').filter({ hasNotText: screenUrl }).waitFor();
    await screen.reload();
    await screen.getByTestId('screen-error').filter({ hasText: notFound }).waitFor();
    expect(errors).toEqual([]);
  });
});
