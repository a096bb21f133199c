import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { and, asc, eq, like } from 'drizzle-orm';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking } from '../support/fixtures';
import { DESKTOP } from './support/browser';
import { call } from './support/call';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * Game day 3 (issue 36), on 390 px phones: a challenge the booker adds during the game reaches the Hares' phone
 * without a reload; the Hares answer it just before the end; the results mail waits for that answer's review and,
 * approved after the end, it puts the Hares 2nd. After a resume the Owls pass them, and the second end mails
 * "Corrected results" once; the big screen names the winner for the prize-giving.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const TOKENS = {
  ann: 'e2e-gd3-token-ann-0123456789abcdef',
  bob: 'e2e-gd3-token-bob-0123456789abcdef',
  cat: 'e2e-gd3-token-cat-0123456789abcdef',
};

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, { planType: 'pro', players: 6, duration: 60, initialAreaLat: CENTRE.latitude, initialAreaLng: CENTRE.longitude });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [warmUp, bridge, tower] = await db
      .insert(challenges)
      .values([
        { name: 'Warm-up riddle', description: 'Who built the bridge?', type: 'RightWrong', maxScore: 10, maxSubmissions: 1 },
        { name: 'Bridge riddle', description: 'How old is the bridge?', type: 'RightWrong', maxScore: 6, maxSubmissions: 1 },
        { name: 'Tower riddle', description: 'How tall is the tower?', type: 'RightWrong', maxScore: 4, maxSubmissions: 1 },
      ])
      .returning();
    if (!warmUp || !bridge || !tower) throw new Error('no challenges');
    await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
    await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: warmUp.id, position: 0 });
    const [foxes, owls, hares] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes', points: 10 },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls', points: 3 },
        { instanceId: instance.id, name: 'Hares', nameKey: 'hares', points: 0 },
      ])
      .returning();
    if (!foxes || !owls || !hares) throw new Error('no teams');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'denied', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Bob', tokenHash: sha256(TOKENS.bob), location: 'denied', ready: true },
      { instanceId: instance.id, teamId: hares.id, name: 'Cat', tokenHash: sha256(TOKENS.cat), location: 'denied', ready: true },
    ]);
    // The points so far, as the host approved them: Foxes 10, Owls 3.
    await db.insert(submissions).values([
      { instanceId: instance.id, teamId: foxes.id, challengeId: warmUp.id, kind: 'text', textAnswer: 'Brunel', status: 'approved', pointsAwarded: 10 },
      { instanceId: instance.id, teamId: owls.id, kind: 'text', textAnswer: 'Three', status: 'approved', pointsAwarded: 3 },
    ]);
    return { code: paid.gameCode, bookingId: paid.booking.id, manageKey: paid.booking.manageKey, ids: [warmUp.id, bridge.id, tower.id] };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function phone(token: string): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { storage: { [`hatch.play.${j.seed.code}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/play/${j.seed.code}`);
  await page.getByRole('tab', { name: 'Challenges' }).click();
  return page;
}

const challenge = (page: Page, name: string) => page.locator(`[data-testid="challenge"][data-name="${name}"]`);

async function answer(page: Page, name: string, text: string) {
  const card = challenge(page, name);
  await card.getByLabel('Your answer').fill(text);
  await card.getByRole('button', { name: 'Send answer' }).click();
  await card.getByTestId('submission-status').filter({ hasText: 'Waiting for review' }).waitFor();
}

const resultsMails = () =>
  j.server.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, j.seed.bookingId), like(mailOutbox.kind, 'game.results%')))
    .orderBy(asc(mailOutbox.id));

async function confirm(host: Page, button: string, yes: string) {
  await host.getByRole('button', { name: button }).click();
  await host.getByRole('dialog').getByRole('button', { name: yes }).click();
}

describe('game day 3', () => {
  it('a challenge added live reaches the phones; the late-approved answer is in the results mail, a resume mails the correction', async () => {
    const [cat, bob] = await Promise.all([phone(TOKENS.cat), phone(TOKENS.bob)]);
    await challenge(cat, 'Warm-up riddle').waitFor();

    // The booker adds two riddles from the organiser's page: both phones show them without a reload.
    const organiserContext = await playerContext(j.browser, j.server.url, { viewport: DESKTOP });
    contexts.push(organiserContext);
    const organiser = await organiserContext.newPage();
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const saved = await call(
      organiser,
      'POST',
      `/api/booking/${j.seed.code}/challenges`,
      { added_challenges: j.seed.ids },
      { 'X-Manage-Key': j.seed.manageKey },
    );
    expect(saved.status).toBe(200);
    await challenge(cat, 'Bridge riddle').waitFor();
    await challenge(bob, 'Tower riddle').waitFor();
    expect(await cat.locator('[data-testid="challenge"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual([
      'Warm-up riddle',
      'Bridge riddle',
      'Tower riddle',
    ]);

    // The Hares answer the new riddle just before the host ends the game.
    await answer(cat, 'Bridge riddle', 'About 150 years');
    const hostContext = await playerContext(j.browser, j.server.url, { viewport: DESKTOP });
    contexts.push(hostContext);
    await signIn(hostContext, j.server);
    const host = await hostContext.newPage();
    host.on('pageerror', (e) => errors.push(e.message));
    await host.goto(`/host/${j.seed.code}`);
    await confirm(host, 'End Game', 'Yes, end');
    await cat.getByRole('heading', { name: 'Game over' }).waitFor();

    // The answer still waits for its review, so no results mail has gone; the host approves it after the end.
    expect(await resultsMails()).toEqual([]);
    const card = host.locator('[data-testid="review-card"][data-team="Hares"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await resultsMails()).map((m) => m.kind), { timeout: 30_000 }).toEqual(['game.results']);
    expect((await resultsMails())[0]?.text).toContain('1. Foxes: 10 points\n2. Hares: 6 points\n3. Owls: 3 points');

    // Resumed, the Owls answer the Tower riddle, the host approves it and ends again: one "Corrected results" mail.
    await confirm(host, 'Resume Game', 'Yes, resume');
    await bob.getByTestId('time-left').waitFor();
    await bob.getByRole('tab', { name: 'Challenges' }).click();
    await answer(bob, 'Tower riddle', 'Ninety metres');
    await host.locator('[data-testid="review-card"][data-team="Owls"]').getByRole('button', { name: 'Approve' }).click();
    await challenge(bob, 'Tower riddle').getByTestId('submission-status').filter({ hasText: 'Approved' }).waitFor();
    await confirm(host, 'End Game', 'Yes, end');
    await expect.poll(async () => (await resultsMails()).map((m) => m.kind), { timeout: 30_000 }).toEqual(['game.results', 'game.results.corrected']);
    const corrected = (await resultsMails())[1];
    expect(corrected?.subject).toBe(`Corrected results: game ${j.seed.code}`);
    expect(corrected?.text).toContain('1. Foxes: 10 points\n2. Owls: 7 points\n3. Hares: 6 points');

    // The prize-giving reads the winner off the big screen, ranked by the one rule.
    await organiser.goto(`/manage/${j.seed.manageKey}`);
    const link = organiser.locator('#showcase').getByTestId('screen-link');
    await link.waitFor();
    const projector = await organiserContext.newPage();
    projector.on('pageerror', (e) => errors.push(e.message));
    await projector.goto((await link.textContent())?.trim() ?? '');
    await projector.getByTestId('screen-game-state').filter({ hasText: 'Game over' }).waitFor();
    expect(await projector.getByTestId('screen-winner').innerText()).toContain('Winner: Foxes, 10 points');
    expect(errors).toEqual([]);
  });
});
