import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, gameInstances, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { sha256 } from '../../src/server/platform/crypto';
import { offsetMetres } from '../../src/shared/geo';
import { PLACE_MESSAGES } from '../../src/shared/game/places';
import { DEFAULT_BRIEFING } from '../../src/shared/game/briefing';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * The hunt in the street on 390 px phones (issue 29, decisions 0440, 0442): an answer to a challenge tied to a place is
 * refused outside its radius and taken inside (and approved at once: it matches an accepted answer); a check-in scores
 * when the phone arrives; a player in the lobby reads the briefing before the start and again from the Info button.
 * Positions come from the browser's geolocation, moved with setGeolocation.
 */
const CENTRE = { lat: 51.5074, lng: -0.1278 };
const TOWER = offsetMetres(CENTRE, 200, 0);
const FOUNTAIN = offsetMetres(CENTRE, -200, 0);
const spot = (p: { lat: number; lng: number }) => ({ latitude: p.lat, longitude: p.lng });
const TOKENS = { dee: 'e2e-places-token-dee-0123456789abcdef', eli: 'e2e-places-token-eli-0123456789abcdef', lou: 'e2e-places-token-lou-0123456789abcd' };

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const area = { initialAreaLat: CENTRE.lat, initialAreaLng: CENTRE.lng, initialAreaRadius: 800 };
    const live = await createPaidBooking(db, { ...startableSchedule(), players: 6, duration: 60, ...area });
    const instance = await insertLiveInstance(db, live.gameId, spot(CENTRE));
    const made = await db
      .insert(challenges)
      .values([
        {
          name: 'Which tower?',
          description: 'Stand by the tower and name it.',
          type: 'RightWrong',
          maxScore: 5,
          maxSubmissions: 3,
          locationLat: TOWER.lat,
          locationLng: TOWER.lng,
          locationRadiusM: 15,
          acceptedAnswers: ['Big Ben'],
        },
        {
          name: 'Reach the fountain',
          description: 'Just get there.',
          type: 'RightWrong',
          maxScore: 10,
          locationLat: FOUNTAIN.lat,
          locationLng: FOUNTAIN.lng,
          locationRadiusM: 20,
          checkIn: true,
        },
      ])
      .returning({ id: challenges.id });
    await db.insert(gameChallenges).values(made.map((c, position) => ({ gameId: live.gameId, challengeId: c.id, position })));
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Dee', tokenHash: sha256(TOKENS.dee), location: 'granted', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Eli', tokenHash: sha256(TOKENS.eli), location: 'granted', ready: true },
    ]);

    const later = await createPaidBooking(db, { ...startableSchedule({ minutesAhead: 90 }), players: 6, ...area });
    const [lobby] = await db.insert(gameInstances).values({ gameId: later.gameId, status: 'lobby' }).returning();
    if (!lobby) throw new Error('no lobby');
    const [pandas] = await db.insert(instanceTeams).values({ instanceId: lobby.id, name: 'Pandas', nameKey: 'pandas' }).returning();
    await db.insert(players).values({ instanceId: lobby.id, teamId: pandas?.id ?? null, name: 'Lou', tokenHash: sha256(TOKENS.lou), location: 'granted' });
    return { live: live.gameCode ?? '', later: later.gameCode ?? '' };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function phone(code: string, token: string, at: { lat: number; lng: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await playerContext(j.browser, j.server.url, { geolocation: spot(at), storage: { [`hatch.play.${code}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/play/${code}`);
  return { context, page };
}

/** Waits until the server has the phone's fix at `at`: its own marker on the map is drawn from what the server sent. */
async function serverHas(page: Page, name: string, at: { lat: number; lng: number }) {
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.locator(`[data-testid="map-marker"][data-name="${name}"][data-lat="${at.lat}"]`).waitFor({ timeout: 30_000 });
}

describe('the hunt in the street', () => {
  it('refuses an answer outside the place and takes it inside, approved at once', async () => {
    const outside = offsetMetres(TOWER, 60, 0);
    const { context, page } = await phone(j.seed.live, TOKENS.dee, outside);
    await serverHas(page, 'Dee', outside);
    await page.getByRole('tab', { name: 'Challenges' }).click();
    const card = page.locator('[data-testid="challenge"][data-name="Which tower?"]');
    await card.getByTestId('challenge-place').getByText('Answer from within 15 m').waitFor();
    await card.getByLabel('Your answer').fill('big ben');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText(PLACE_MESSAGES.tooFar).first().waitFor();
    expect(await card.getByTestId('sent-submission').count()).toBe(0);

    const inside = offsetMetres(TOWER, 5, 0);
    await context.setGeolocation(spot(inside));
    await serverHas(page, 'Dee', inside);
    await page.getByRole('tab', { name: 'Challenges' }).click();
    await card.getByLabel('Your answer').fill('big ben');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await card.locator('[data-testid="sent-submission"][data-status="approved"]').getByText('Approved: 5 points').waitFor();
    expect(errors).toEqual([]);
  });

  it('scores a check-in when the phone arrives', async () => {
    const away = offsetMetres(FOUNTAIN, 100, 0);
    const { context, page } = await phone(j.seed.live, TOKENS.eli, away);
    await serverHas(page, 'Eli', away);
    await page.getByRole('tab', { name: 'Challenges' }).click();
    const card = page.locator('[data-testid="challenge"][data-name="Reach the fountain"]');
    await card.getByText(/Check in: be within 20 m/).waitFor();
    expect(await card.getByLabel('Your answer').count()).toBe(0);
    await context.setGeolocation(spot(offsetMetres(FOUNTAIN, 3, 0)));
    await card.getByTestId('checked-in').waitFor({ timeout: 30_000 });
    await card.getByTestId('challenge-points').getByText('10/10').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the briefing before the start and from the Info button', async () => {
    const { page } = await phone(j.seed.later, TOKENS.lou, CENTRE);
    const briefing = page.getByTestId('briefing');
    await briefing.getByText('Before you start').waitFor();
    expect(await briefing.textContent()).toContain(DEFAULT_BRIEFING.split('\n')[0]);
    await page.getByRole('button', { name: 'Game info' }).click();
    await page
      .getByTestId('briefing-dialog')
      .getByText(/traffic rules/)
      .waitFor();
    expect(errors).toEqual([]);
  });
});
