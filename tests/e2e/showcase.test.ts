import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking } from '../support/fixtures';
import { DESKTOP, PHONE } from './support/browser';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * The game beyond the players' phones (issue 29): the host console on a 390 px phone puts the review queue first,
 * with its count and a badge for new answers, and tells the game's state from the connection's; the big screen
 * (a fresh browser, no login: only its private link) shows the leaderboard, the photo wall (live, hidden answers
 * leave it) and never the Chicken; after the game the organiser publishes the recap and a stranger opens it.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const TOKENS = { ann: 'e2e-showcase-token-ann-0123456789abcdef', bob: 'e2e-showcase-token-bob-0123456789abcdef' };
/** A real 2×2 PNG, so the wall's <img> decodes it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      planType: 'pro',
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    // The waiting answer is to a right-or-wrong default challenge, so Approve scores it.
    const [riddle] = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(eq(challenges.type, 'RightWrong'), eq(challenges.isDefault, true)))
      .limit(1);
    if (!riddle) throw new Error('no default right-or-wrong challenge');
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    const now = new Date();
    const fixAt = new Date(now.getTime() - 60_000);
    await db.insert(players).values([
      {
        instanceId: instance.id,
        teamId: foxes.id,
        name: 'Ann',
        tokenHash: sha256(TOKENS.ann),
        location: 'granted',
        lastLat: 51.5075,
        lastLng: -0.1278,
        lastAt: fixAt,
      },
      {
        instanceId: instance.id,
        teamId: owls.id,
        name: 'Bob',
        tokenHash: sha256(TOKENS.bob),
        location: 'granted',
        lastLat: 51.5073,
        lastLng: -0.1279,
        lastAt: fixAt,
      },
      {
        instanceId: instance.id,
        name: 'Chick',
        role: 'chicken',
        tokenHash: sha256('e2e-showcase-chicken'),
        location: 'granted',
        lastLat: 51.509,
        lastLng: -0.128,
        lastAt: fixAt,
      },
    ]);
    const mediaKey = `games/${instance.id}/4f0b1c3e-2a8d-4e55-9c61-0d7a6b1e2f30.png`;
    const [photo, text, pending] = await db
      .insert(submissions)
      .values([
        { instanceId: instance.id, teamId: foxes.id, kind: 'photo', mediaKey, status: 'approved', pointsAwarded: 10, submittedAt: now, reviewedAt: now },
        {
          instanceId: instance.id,
          teamId: owls.id,
          kind: 'text',
          textAnswer: 'Nelson on his column',
          status: 'approved',
          pointsAwarded: 4,
          submittedAt: now,
          reviewedAt: now,
        },
        { instanceId: instance.id, teamId: owls.id, challengeId: riddle.id, kind: 'text', textAnswer: 'A red door', status: 'pending', submittedAt: now },
      ])
      .returning();
    if (!photo || !text || !pending) throw new Error('no submissions');
    await db.update(instanceTeams).set({ points: 10 }).where(eq(instanceTeams.id, foxes.id));
    await db.update(instanceTeams).set({ points: 4 }).where(eq(instanceTeams.id, owls.id));
    return { code: paid.gameCode ?? '', manageKey: paid.booking.manageKey, mediaKey, photoId: photo.id, textId: text.id, pendingId: pending.id };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A browser of its own (no cookies of anyone else's). */
async function freshPage(viewport = PHONE): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const wallIds = (page: Page) =>
  page.locator('[data-testid="photo-wall"] [data-testid="feed-item"]').evaluateAll((items) => items.map((i) => Number(i.getAttribute('data-id'))));

describe('the host console on a phone, the big screen and the recap', () => {
  let host: Page;
  let screenUrl = '';

  it('puts the review queue first on a 390 px phone, counts what waits and badges new answers; game and connection apart', async () => {
    // The stored photo the seed's submission names (what the upload call would have written).
    const file = path.join(j.server.dataDir, 'photos', j.seed.mediaKey);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, PNG);

    ({ page: host } = await j.staffPage(`/host/${j.seed.code}`, { viewport: PHONE }));
    host.on('pageerror', (e) => errors.push(e.message));
    const review = host.getByRole('region', { name: /^Review/ });
    await review.getByRole('heading', { name: 'Review (1 waiting)' }).waitFor();
    const top = async (name: string | RegExp) => (await host.getByRole('region', { name, exact: true }).boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(await top(/^Review/)).toBeLessThan(await top('Teams'));
    expect(await top('Teams')).toBeLessThan((await host.getByTestId('live-map').boundingBox())?.y ?? 0);
    expect(await noSidewaysScroll(host)).toBe(true);
    const teamsBox = await host.getByTestId('teams-table').boundingBox();
    expect((teamsBox?.x ?? 0) + (teamsBox?.width ?? 999)).toBeLessThanOrEqual(390);

    // The game's state and the connection's, each with its own label.
    expect(await host.getByTestId('game-status').textContent()).toBe('live');
    expect(await host.getByTestId('connection-line').innerText()).toMatch(/^Connection:\s*Connected$/);
    expect(await host.getByText('Game:', { exact: true }).isVisible()).toBe(true);
    expect(await host.getByTestId('review-sound').isChecked()).toBe(false);

    // A team sends an answer: the badge says it is new and the count moves.
    const ann = await freshPage();
    await ann.goto(`/play/${j.seed.code}`);
    const challenges = await call(ann, 'GET', `/api/play/${j.seed.code}/challenges`, undefined, { 'x-player-token': TOKENS.ann });
    const list = challenges.json as { challenges: { id: number; kinds: string[] }[] };
    const textChallenge = list.challenges.find((c) => c.kinds.includes('text'));
    if (!textChallenge) throw new Error('no text challenge');
    const sent = await call(
      ann,
      'POST',
      `/api/play/${j.seed.code}/submissions`,
      { challenge_id: textChallenge.id, kind: 'text', text: 'The big clock' },
      {
        'x-player-token': TOKENS.ann,
      },
    );
    expect(sent.status).toBe(201);
    await host.getByTestId('new-answers').filter({ hasText: '1 new' }).waitFor();
    await review.getByRole('heading', { name: 'Review (2 waiting)' }).waitFor();
    await host.getByRole('button', { name: 'Mark seen' }).click();
    await host.getByTestId('new-answers').waitFor({ state: 'detached' });
  });

  it('shows the leaderboard and the photo wall on the big screen, live, and never the Chicken', async () => {
    const link = host.getByTestId('screen-link');
    await link.waitFor();
    screenUrl = (await link.textContent()) ?? '';
    expect(screenUrl).toMatch(/\/screen\/[0-9a-f]{64}$/);

    const screen = await freshPage(DESKTOP);
    await screen.goto(new URL(screenUrl).pathname);
    const rows = screen.locator('[data-testid="screen-leaderboard"] [data-testid="leaderboard-row"]');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-name')).toBe('Foxes');
    expect(await rows.first().getAttribute('data-points')).toBe('10');
    await screen.getByTestId('time-left').waitFor();
    // The wall: the Foxes' photo (decoded) and the Owls' words.
    const photo = screen.locator(`[data-testid="photo-wall"] [data-testid="feed-item"][data-id="${j.seed.photoId}"] img`);
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)), { timeout: 10_000 }).toBe(2);
    await screen.getByText('“Nelson on his column”').waitFor();
    // The teams on the map, never the Chicken.
    await screen.locator('[data-testid="map-marker"][data-name="Ann"]').waitFor({ timeout: 20_000 });
    expect(await screen.locator('[data-testid="map-marker"][data-name="Chick"]').count()).toBe(0);
    expect(await screen.content()).not.toContain('data-name="Chick"');

    // The host approves the waiting answer: it joins the wall at once; the host hides the photo: it leaves at once.
    const card = host.locator('[data-testid="review-panel"] li').filter({ hasText: 'A red door' });
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => wallIds(screen), { timeout: 10_000 }).toContain(j.seed.pendingId);
    await host.getByRole('button', { name: `Hide Foxes: a challenge from the feed` }).click();
    await expect.poll(() => wallIds(screen), { timeout: 10_000 }).not.toContain(j.seed.photoId);
    expect(errors).toEqual([]);
  });

  it('lets the organiser publish the recap after the game, and a stranger opens it; unpublished it is gone', async () => {
    await host.getByRole('button', { name: 'End Game' }).click();
    await host.getByRole('dialog').getByRole('button', { name: 'Yes, end' }).click();
    await host.getByTestId('game-status').filter({ hasText: 'ended' }).waitFor();

    const organiser = await freshPage();
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const section = organiser.getByTestId('recap-section');
    await section.getByTestId('recap-status').filter({ hasText: 'Not published.' }).waitFor();
    await section.getByRole('button', { name: 'Publish the recap' }).click();
    const link = section.getByTestId('recap-link');
    await link.waitFor();
    const recapUrl = (await link.textContent()) ?? '';
    expect(recapUrl).toMatch(/\/recap\/[0-9a-f]{64}$/);

    // A stranger: a fresh browser with no cookie, no token, no key.
    const stranger = await freshPage();
    await stranger.goto(new URL(recapUrl).pathname);
    const ranking = stranger.locator('[data-testid="recap-ranking"] [data-testid="leaderboard-row"]');
    await ranking.nth(1).waitFor();
    expect(await ranking.count()).toBe(2);
    expect(await ranking.first().getAttribute('data-name')).toBe('Foxes');
    // The album: the Owls' two approved answers; the photo the host hid is not in it.
    await stranger.getByTestId('recap-item').filter({ hasText: 'Nelson on his column' }).waitFor();
    expect(await stranger.locator(`[data-testid="recap-album"] img`).count()).toBe(0);
    // The hunt replayed: the slider, and Play moves it.
    const slider = stranger.getByTestId('replay-slider');
    await slider.waitFor();
    await stranger.getByTestId('replay-play').click();
    expect(await noSidewaysScroll(stranger)).toBe(true);

    await section.getByRole('button', { name: 'Unpublish the recap' }).click();
    await section.getByTestId('recap-status').filter({ hasText: 'Not published.' }).waitFor();
    await stranger.reload();
    await stranger.getByText('This recap is not published. Ask the organiser for the link.').waitFor();
    expect(errors).toEqual([]);
  });
});
