import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, gameInstances, instanceTeams, playerPositions, players, submissions } from '../../src/server/domains/game/tables/games';
import { gameShowcase } from '../../src/server/domains/game/tables/showcase';
import { teamQuestions } from '../../src/server/domains/game/tables/questions';
import { sha256 } from '../../src/server/platform/crypto';
import { offsetMetres } from '../../src/shared/geo';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { playerContext } from './support/live-game';
import { png } from './support/png';

/**
 * The finale shared (issue 29, decision 0452) on 390 px phones: after the game the organiser publishes the recap from
 * the booking's page; a stranger (a fresh browser: no cookie, no token, no key) opens its link and sees the final
 * ranking, the album (a photo opens full size, a video plays, the text answers) and the hunt replayed on the map (each
 * team's track and the Chicken's, moving with the slider and Play). Unpublished, the stranger's reload finds nothing
 * and the API answers 404, for the page and its media.
 */
const CENTRE = { lat: 51.5074, lng: -0.1278 };
const MINUTE = 60_000;
const RECORDED_WEBM = path.resolve('tests/fixtures/media/recorded.webm');

/** Each player's fixes, minutes after the start: the Foxes' Ann walks east, the Chicken north, the Owls' Bob stays. */
const TRACKS = {
  Ann: [5, 20, 40].map((m, i) => ({ minute: m, at: offsetMetres(CENTRE, 0, 100 * (i + 1)) })),
  Bob: [10].map((m) => ({ minute: m, at: offsetMetres(CENTRE, -120, 0) })),
  Chick: [3, 25].map((m, i) => ({ minute: m, at: offsetMetres(CENTRE, 150 * (i + 1), 0) })),
};

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const area = { initialAreaLat: CENTRE.lat, initialAreaLng: CENTRE.lng, initialAreaRadius: 800 };
    const paid = await createPaidBooking(db, { ...startableSchedule(), planType: 'pro', players: 6, duration: 60, ...area });
    const start = new Date(Date.now() - 70 * MINUTE);
    const end = new Date(start.getTime() + 60 * MINUTE);
    const [instance] = await db
      .insert(gameInstances)
      .values({
        gameId: paid.gameId,
        status: 'ended',
        startTime: start,
        endsAt: end,
        endTime: end,
        latestArea: { lat: CENTRE.lat, lng: CENTRE.lng, radius: 800 },
      })
      .returning();
    if (!instance) throw new Error('no instance');
    const [statue] = await db
      .insert(challenges)
      .values({ name: 'Statue pose', description: 'Strike the pose of a statue.', type: 'RightWrong', maxScore: 8, maxSubmissions: 3 })
      .returning({ id: challenges.id });
    if (!statue) throw new Error('no challenge');
    await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: statue.id, position: 0 });
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes', points: 14 },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls', points: 4 },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    const people = await db
      .insert(players)
      .values([
        { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256('e2e-recap-ann'), location: 'granted' },
        { instanceId: instance.id, teamId: owls.id, name: 'Bob', tokenHash: sha256('e2e-recap-bob'), location: 'granted' },
        { instanceId: instance.id, name: 'Chick', role: 'chicken', tokenHash: sha256('e2e-recap-chick'), location: 'granted' },
      ])
      .returning({ id: players.id, name: players.name });
    await db.insert(playerPositions).values(
      people.flatMap((p) =>
        (Object.entries(TRACKS).find(([name]) => name === p.name)?.[1] ?? []).map((fix) => ({
          instanceId: instance.id,
          playerId: p.id,
          lat: fix.at.lat,
          lng: fix.at.lng,
          at: new Date(start.getTime() + fix.minute * MINUTE),
        })),
      ),
    );
    const at = (minute: number) => new Date(start.getTime() + minute * MINUTE);
    // A question the Foxes asked about the Chicken 20 minutes in: the replay marks it (decision 0585).
    await db.insert(teamQuestions).values({
      instanceId: instance.id,
      teamId: foxes.id,
      kind: 'radius',
      radiusM: 500,
      answer: 'yes',
      askerLat: CENTRE.lat,
      askerLng: CENTRE.lng,
      askedAt: at(20),
    });
    const mediaKey = `games/${instance.id}/6a1f0c2e-9b3d-4e8f-a7c6-1d2e3f4a5b61.png`;
    const videoKey = `games/${instance.id}/6a1f0c2e-9b3d-4e8f-a7c6-1d2e3f4a5b62.webm`;
    const album = await db
      .insert(submissions)
      .values([
        {
          instanceId: instance.id,
          teamId: foxes.id,
          challengeId: statue.id,
          kind: 'photo',
          mediaKey,
          status: 'approved',
          pointsAwarded: 8,
          submittedAt: at(12),
          reviewedAt: at(13),
        },
        {
          instanceId: instance.id,
          teamId: foxes.id,
          challengeId: statue.id,
          kind: 'video',
          mediaKey: videoKey,
          status: 'approved',
          pointsAwarded: 6,
          submittedAt: at(30),
          reviewedAt: at(31),
        },
        {
          instanceId: instance.id,
          teamId: owls.id,
          kind: 'text',
          textAnswer: 'Nelson on his column',
          status: 'approved',
          pointsAwarded: 4,
          submittedAt: at(35),
          reviewedAt: at(36),
        },
      ])
      .returning({ id: submissions.id });
    return { code: paid.gameCode ?? '', gameId: paid.gameId, manageKey: paid.booking.manageKey, mediaKey, videoKey, photoId: album[0]?.id ?? 0 };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function freshPhone(): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

const marker = (page: Page, name: string) => page.locator(`[data-testid="map-marker"][data-name="${name}"]`);
const markerLng = async (page: Page, name: string) => Number(await marker(page, name).getAttribute('data-lng'));
const NOT_PUBLISHED = 'This recap is not published. Ask the organiser for the link.';

describe('the recap, published by the organiser and opened by a stranger', () => {
  let organiser: Page;
  let stranger: Page;
  let recapPath = '';
  let token = '';

  it('is a 404 before the organiser publishes it; published, its link opens for a stranger with the ranking and the album', async () => {
    // The stored media the seed's answers name: a 64×48 photo and a real MediaRecorder WebM.
    const stored = (key: string) => {
      const file = path.join(j.server.dataDir, 'photos', key);
      mkdirSync(path.dirname(file), { recursive: true });
      return file;
    };
    writeFileSync(stored(j.seed.mediaKey), png(64, 48));
    copyFileSync(RECORDED_WEBM, stored(j.seed.videoKey));

    organiser = await freshPhone();
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const section = organiser.getByTestId('recap-section');
    await section.getByTestId('recap-status').filter({ hasText: 'Not published.' }).waitFor();
    expect(await section.getByTestId('recap-link').count()).toBe(0);
    // The link's token exists before it is published, and opens nothing.
    const [showcase] = await j.server.db.select({ token: gameShowcase.recapToken }).from(gameShowcase).where(eq(gameShowcase.gameId, j.seed.gameId));
    stranger = await freshPhone();
    await stranger.goto(`/recap/${showcase?.token ?? ''}`);
    await stranger.getByText(NOT_PUBLISHED).waitFor();
    expect((await call(stranger, 'GET', `/api/recap/${showcase?.token ?? ''}`)).status).toBe(404);

    await section.getByRole('button', { name: 'Publish the recap' }).click();
    await section.getByTestId('recap-status').filter({ hasText: 'Published: anyone with the link can open it.' }).waitFor();
    const link = (await section.getByTestId('recap-link').textContent()) ?? '';
    recapPath = new URL(link).pathname;
    token = recapPath.split('/').at(-1) ?? '';
    expect(token).toBe(showcase?.token);

    await stranger.goto(recapPath);
    await stranger.getByRole('heading', { name: /The Chicken hunt in/ }).waitFor();
    const ranking = stranger.locator('[data-testid="recap-ranking"] [data-testid="leaderboard-row"]');
    await ranking.nth(1).waitFor();
    expect(await ranking.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-name') ?? ''} ${r.getAttribute('data-points') ?? ''}`))).toEqual([
      'Foxes 14',
      'Owls 4',
    ]);
    // The text answer, with its team.
    await stranger.getByTestId('recap-item').filter({ hasText: 'Nelson on his column' }).filter({ hasText: 'Owls' }).waitFor();
    // The video plays from the recap's address.
    const video = stranger.locator('[data-testid="recap-album"] video');
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((v) => (v instanceof HTMLVideoElement ? v.readyState : -1)), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    // The photo, full size in the album, opens on its own.
    const photo = stranger.getByTestId('recap-photo-link').locator('img');
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)), { timeout: 10_000 }).toBe(64);
    const [opened] = await Promise.all([stranger.context().waitForEvent('page'), photo.click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(`/api/recap/${token}/media/${j.seed.photoId}`);
    expect(await opened.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(64);
    await opened.close();
    await expectNoSeriousA11yViolations(stranger, 'the recap');
    expect(errors).toEqual([]);
  });

  it('replays the hunt on the map: every track and the Chicken’s, with the slider and Play', async () => {
    const map = stranger.getByTestId('live-map');
    await map.scrollIntoViewIfNeeded();
    // At the end: everyone where they last were, the Chicken too.
    await marker(stranger, 'Ann').waitFor({ timeout: 20_000 });
    await marker(stranger, 'Chick').waitFor();
    await marker(stranger, 'Bob').waitFor();
    const last = TRACKS.Ann.at(-1)?.at;
    expect(await markerLng(stranger, 'Ann')).toBeCloseTo(last?.lng ?? 0, 6);
    // Back to the start: nobody had a fix yet.
    const slider = stranger.getByTestId('replay-slider');
    await slider.focus();
    await slider.press('Home');
    await expect.poll(() => stranger.locator('[data-testid="map-marker"]').count()).toBe(0);
    // Play: the Chicken appears first (3 minutes in), then Ann at her first and her second fix.
    await stranger.getByTestId('replay-play').click();
    await marker(stranger, 'Chick').waitFor({ timeout: 15_000 });
    const [first, second] = TRACKS.Ann;
    await expect.poll(() => markerLng(stranger, 'Ann'), { timeout: 15_000 }).toBeCloseTo(first?.at.lng ?? 0, 6);
    await expect.poll(() => markerLng(stranger, 'Ann'), { timeout: 20_000 }).toBeCloseTo(second?.at.lng ?? 0, 6);
    await stranger.getByTestId('replay-play').filter({ hasText: 'Pause' }).click();
    // To the end again: her trail is drawn behind her marker.
    await slider.press('End');
    await expect.poll(() => markerLng(stranger, 'Ann')).toBeCloseTo(last?.lng ?? 0, 6);
    expect(await map.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(3);
    // The Foxes' question about the Chicken is marked with what it answered.
    await stranger.getByTestId('replay-questions').getByText('Foxes: Is the Chicken within 500 m of us? Yes').waitFor();
    expect(await stranger.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is gone once the organiser unpublishes it: the stranger’s reload finds nothing, and the API answers 404', async () => {
    const section = organiser.getByTestId('recap-section');
    await section.getByRole('button', { name: 'Unpublish the recap' }).click();
    await section.getByTestId('recap-status').filter({ hasText: 'Not published.' }).waitFor();
    await stranger.reload();
    await stranger.getByText(NOT_PUBLISHED).waitFor();
    expect(await stranger.getByTestId('recap-album').count()).toBe(0);
    expect((await call(stranger, 'GET', `/api/recap/${token}`)).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/recap/${token}/media/${j.seed.photoId}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
