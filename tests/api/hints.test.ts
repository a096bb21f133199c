import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameChallenges, gameInstances } from '../../src/server/domains/game/tables/games';
import { hintTakes } from '../../src/server/domains/game/tables/hints';
import { HINT_MESSAGES } from '../../src/shared/game/hints';
import type { HostHint, TeamHint } from '../../src/shared/api/hints';
import type { ConsoleResponse } from '../../src/shared/api/host';
import { rankTeams } from '../../src/shared/scoring/leaderboard';
import { playedGame, type Joined } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Hints (issue 40, decision 0581): staff give a challenge up to three hints, each shown after a time in the game or on
 * request for points; a request is charged once, also when two arrive at once; the total every screen ranks by
 * subtracts it; the host sees which team took which hint.
 */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const HINTS = [
  { text: 'Look up at the clock', after_minutes: null, cost: 5 },
  { text: 'By the river', after_minutes: 20, cost: 10 },
  { text: 'Near the bandstand', after_minutes: 40, cost: null },
];

async function challengeWithHints(hints: object[] = HINTS) {
  return admin.post('/api/admin/challenges', {
    name: `Find the statue ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Take a photo with the statue.',
    type: 'Rating',
    spice_level: 'Mild',
    is_active: true,
    max_score: 10,
    max_submissions: 1,
    points_per_submission: 1,
    region_code: null,
    hints,
  });
}

/** A live game 25 minutes in, with one challenge carrying HINTS. */
async function hintGame() {
  const created = await challengeWithHints();
  expect(created.statusCode).toBe(201);
  const challengeId = created.json<{ data: { id: number } }>().data.id;
  const g = await playedGame(t, admin, { teams: ['Foxes', 'Owls'] });
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, g.gameId));
  await t.db.insert(gameChallenges).values({ gameId: g.gameId, challengeId, position: 0 });
  await t.db
    .update(gameInstances)
    .set({ startTime: new Date(Date.now() - 25 * 60_000) })
    .where(eq(gameInstances.gameId, g.gameId));
  const [fox, owl] = g.members;
  if (!fox || !owl) throw new Error('no players');
  return { ...g, challengeId, fox, owl };
}
type Game = Awaited<ReturnType<typeof hintGame>>;

const hints = async (g: Game, who: Joined) =>
  (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/hints`, headers: who.headers })).json<{ hints: TeamHint[] }>().hints;
const take = (g: Game, who: Joined, index: number) =>
  g.visitor.inject({ method: 'POST', url: `/api/play/${g.gameCode}/hints`, payload: { challenge_id: g.challengeId, index }, headers: who.headers });
const foxesTotal = async (g: Game) => {
  const teams = (await admin.get(`/api/host/games/${g.gameCode}`)).json<ConsoleResponse>().teams;
  return rankTeams(teams).find((team) => team.name === 'Foxes')?.total;
};

describe("a challenge's hints in the staff editor", () => {
  it('keeps up to three, each shown after a time, on request for points, or both', async () => {
    const created = await challengeWithHints();
    expect(created.statusCode).toBe(201);
    expect(created.json().data.hints).toEqual(HINTS);
    const four = await challengeWithHints([...HINTS, { text: 'One more', after_minutes: 5, cost: null }]);
    expect(four.statusCode).toBe(422);
    expect(four.json().errors.hints).toEqual([HINT_MESSAGES.tooMany]);
    const neither = await challengeWithHints([{ text: 'Never shown', after_minutes: null, cost: null }]);
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors['hints.0.after_minutes']).toEqual([HINT_MESSAGES.howShown]);
  });
});

describe('hints in play', () => {
  it('shows a hint after its time, another on request; a request is charged once, even when two race', { tags: ['postgres'] }, async () => {
    const g = await hintGame();
    const before = await foxesTotal(g);
    expect((await hints(g, g.fox)).map((h) => [h.index, h.shown, h.text])).toEqual([
      [0, false, null],
      [1, true, 'By the river'],
      [2, false, null],
    ]);

    // Two phones of the team ask at once: one take, one charge.
    const both = await Promise.all([take(g, g.fox, 0), take(g, g.fox, 0)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<{ charged: number }>().charged).sort()).toEqual([0, 5]);
    expect(both[0]?.json().hint).toMatchObject({ shown: true, taken: true, text: 'Look up at the clock' });
    expect(await t.db.select().from(hintTakes).where(eq(hintTakes.challengeId, g.challengeId))).toHaveLength(1);
    expect((await take(g, g.fox, 0)).json().charged).toBe(0);
    expect(await foxesTotal(g)).toBe((before ?? 0) - 5);
    const me = await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/me`, headers: g.fox.headers });
    expect(me.json().team).toMatchObject({ spent: 5 });

    // A hint the game's time already showed costs nothing; one shown by time only cannot be asked for early.
    expect((await take(g, g.fox, 1)).json()).toMatchObject({ charged: 0, hint: { shown: true, taken: false } });
    const early = await take(g, g.fox, 2);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(HINT_MESSAGES.notYet);
    expect((await take(g, g.fox, 5)).statusCode).toBe(422);
    expect(
      (await g.visitor.inject({ method: 'POST', url: `/api/play/${g.gameCode}/hints`, payload: { challenge_id: g.challengeId, index: 0 } })).statusCode,
    ).toBe(401);
    const chicken = await take(g, g.chicken, 0);
    expect(chicken.statusCode).toBe(422);

    // The other team neither sees it nor pays for it.
    expect((await hints(g, g.owl)).map((h) => h.shown)).toEqual([false, true, false]);
    expect(await foxesTotal(g)).toBe((before ?? 0) - 5);

    // The host sees which team took which hint.
    const taken = (await admin.get(`/api/host/games/${g.gameCode}/hints`)).json<{ taken: HostHint[] }>().taken;
    expect(taken.map((h) => [h.team_name, h.index, h.cost])).toEqual([['Foxes', 0, 5]]);
    expect((await (await t.visitor()).get(`/api/host/games/${g.gameCode}/hints`)).statusCode).toBe(401);
  });

  it('takes no hint before the game is live or after it ended', async () => {
    const g = await hintGame();
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    const late = await take(g, g.fox, 0);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(HINT_MESSAGES.notLive);
    expect(await t.db.select().from(hintTakes).where(eq(hintTakes.challengeId, g.challengeId))).toHaveLength(0);
  });
});
