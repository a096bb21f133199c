import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameInstances, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { gameScriptSeeds, gameScriptSteps } from '../../src/server/domains/game/tables/script';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * The game script and questions about the Chicken (issue 40, decision 0585), on 390 px phones: a scripted message and
 * a challenge opening reach a team's phone when their minute comes (the server's own job runs them, not the test), and
 * the team asks a radius and a thermometer question while the Chicken's phone is told who asked what.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const north = (metres: number) => ({ latitude: CENTRE.latitude + metres / 111_195, longitude: CENTRE.longitude });
const TOKENS = { ann: 'e2e-script-token-ann-0123456789abcdef', chicken: 'e2e-script-token-chk-0123456789abcdef' };
const POST_BOX = 'Find a Red Post Box';
const ANNOUNCEMENT = 'A new challenge is open: Find a Red Post Box';
const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, { ...startableSchedule(), players: 6, duration: 60 });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes] = await db.insert(instanceTeams).values({ instanceId: instance.id, name: 'Red Foxes', nameKey: 'red foxes' }).returning();
    if (!foxes) throw new Error('no team');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'granted', ready: true },
      { instanceId: instance.id, teamId: null, name: 'Clucky', role: 'chicken', tokenHash: sha256(TOKENS.chicken), location: 'granted', ready: true },
    ]);
    const [postBox] = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(eq(challenges.name, POST_BOX), eq(challenges.isDefault, true)));
    // The booker's plan: one minute in, the post box opens and everyone is told (the template is not taken).
    await db.insert(gameScriptSeeds).values({ gameId: paid.gameId });
    await db.insert(gameScriptSteps).values([
      { gameId: paid.gameId, anchor: 'start', offsetMinutes: 1, action: 'open_challenge', challengeId: postBox?.id ?? null, plannedBy: 'booker' },
      { gameId: paid.gameId, anchor: 'start', offsetMinutes: 1, action: 'message', text: ANNOUNCEMENT, plannedBy: 'booker' },
    ]);
    return { code: paid.gameCode ?? '', instanceId: instance.id };
  },
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function phone(token: string, at: { latitude: number; longitude: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { code } = j.seed;
  const context = await playerContext(j.browser, j.server.url, { geolocation: at, storage: { [`hatch.play.${code}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/play/${code}`);
  await page.getByRole('tab', { name: 'Map' }).waitFor();
  return { context, page };
}

/** The player's last fix as the server holds it. */
async function fixOf(name: string) {
  const [row] = await j.server.db
    .select({ lat: players.lastLat, at: players.lastAt })
    .from(players)
    .where(and(eq(players.instanceId, j.seed.instanceId), eq(players.name, name)));
  return row;
}

describe('the game script and questions about the Chicken', () => {
  it('a scripted message and a challenge opening arrive on time; a team asks radius and thermometer, the Chicken is told', async () => {
    const ann = await phone(TOKENS.ann, CENTRE);
    await ann.page.getByRole('tab', { name: 'Challenges' }).click();
    await ann.page.getByText('Team Selfie with a Landmark').first().waitFor();
    // Not open yet: the post box is not on the list.
    expect(await ann.page.getByText(POST_BOX).count()).toBe(0);

    // The game went live 50 s ago: the minute's steps are due in 10 s (the server's job ticks every 2 s).
    const dueAt = Date.now() + 10_000;
    await j.server.db
      .update(gameInstances)
      .set({ startTime: new Date(dueAt - 60_000), endsAt: new Date(dueAt - 60_000 + 60 * 60_000) })
      .where(eq(gameInstances.id, j.seed.instanceId));
    await ann.page.getByText(POST_BOX).first().waitFor({ timeout: 25_000 });
    const openedAt = Date.now();
    expect(openedAt).toBeGreaterThanOrEqual(dueAt);
    expect(openedAt - dueAt).toBeLessThan(10_000);
    await ann.page.getByRole('tab', { name: /^Messages/ }).click();
    await ann.page.getByText(ANNOUNCEMENT).waitFor({ timeout: 10_000 });

    // The Chicken is 300 m north. Both phones' fixes reach the server.
    const chicken = await phone(TOKENS.chicken, north(300));
    await expect.poll(async () => (await fixOf('Clucky'))?.at ?? null, { timeout: 20_000 }).not.toBeNull();
    await expect.poll(async () => (await fixOf('Ann'))?.at ?? null, { timeout: 20_000 }).not.toBeNull();

    // Radius: is the Chicken within 500 m? Yes.
    await ann.page.getByRole('tab', { name: 'Questions' }).click();
    await ann.page.getByLabel('Distance').selectOption({ label: '500 m' });
    await ann.page.getByRole('button', { name: 'Ask radius' }).click();
    await expect.poll(() => ann.page.getByTestId('question-answer').innerText(), { timeout: 10_000 }).toBe('Is the Chicken within 500 m of us? Yes');
    await chicken.page.getByTestId('chicken-notices').getByText('Red Foxes asked a radius question').waitFor({ timeout: 10_000 });
    // The Chicken is told who asked, never the answer.
    expect(await chicken.page.getByTestId('chicken-notices').innerText()).not.toContain('Yes');

    // Ann walks 250 m towards the Chicken; once the server has that fix, the thermometer says warmer.
    await ann.context.setGeolocation(north(250));
    await expect.poll(async () => (await fixOf('Ann'))?.lat ?? 0, { timeout: 25_000 }).toBeGreaterThan(CENTRE.latitude + 200 / 111_195);
    await ann.page.getByRole('button', { name: 'Ask thermometer' }).click();
    await expect
      .poll(() => ann.page.getByTestId('question-answer').innerText(), { timeout: 10_000 })
      .toBe('Are we warmer or colder than where we last asked? Warmer');
    await chicken.page.getByTestId('chicken-notices').getByText('Red Foxes asked a thermometer question').waitFor({ timeout: 10_000 });
    // The team's list shows both; the radius button now waits out its cooldown.
    await expect.poll(() => ann.page.getByTestId('team-questions').locator('li').count()).toBe(2);
    await ann.page
      .getByRole('button', { name: /^Ask again in/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});
