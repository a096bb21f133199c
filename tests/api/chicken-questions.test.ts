import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, gameInstances, instanceTeams } from '../../src/server/domains/game/tables/games';
import { teamQuestions } from '../../src/server/domains/game/tables/questions';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { scoreAdjustments } from '../../src/server/domains/game/tables/scoring';
import { visibleTo, type GameEvent } from '../../src/server/domains/game/game-events';
import { QUESTION_MESSAGES } from '../../src/shared/game/questions';
import type { TeamQuestionsResponse } from '../../src/shared/api/questions';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { CENTRE, north, playedGame, type Joined } from '../support/hunt-fixtures';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());
afterEach(async () => {
  await t.db.update(gameInstances).set({ status: 'ended', endTime: new Date() }).where(eq(gameInstances.status, 'live'));
});

type Game = Awaited<ReturnType<typeof playedGame>>;
const ask = (g: Game, who: Joined, body: unknown, headers: Record<string, string> = {}) =>
  g.visitor.post(`/api/play/${g.gameCode}/questions`, body, { ...who.headers, ...headers });
/** No cooldown, so that one game answers the whole table (the cooldown has its own test). */
const noCooldown = (g: Game, cost = 0) =>
  admin.inject({ method: 'PUT', url: `/api/host/games/${g.gameCode}/question-rules`, payload: { cost_points: cost, cooldown_seconds: 0 } });
const east = (metres: number) => ({ lat: CENTRE.lat, lng: CENTRE.lng + metres / (111_195 * Math.cos((CENTRE.lat * Math.PI) / 180)) });
const questionsOf = (g: Game) =>
  t.db
    .select()
    .from(teamQuestions)
    .where(eq(teamQuestions.teamId, g.teamIds[0] ?? 0));

function members(g: Game): [Joined, Joined] {
  const [fox, owl] = g.members;
  if (!fox || !owl) throw new Error('no players');
  return [fox, owl];
}

describe('a radius question', () => {
  it.each([
    ['inside', 400, 'yes'],
    ['on', 500, 'yes'],
    ['outside', 600, 'no'],
  ] as const)('answers from the fixes: the Chicken %s the 500 m radius (%i m away) → %s', async (_where, metres, answer) => {
    const g = await playedGame(t, admin);
    await noCooldown(g);
    const [fox] = members(g);
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(metres));
    const res = await ask(g, fox, { kind: 'radius', radius_m: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answer, question: { kind: 'radius', radius_m: 500, answer, cost: 0 } });
    // The answer never carries where the Chicken is.
    expect(res.body).not.toContain(String(north(metres).lat));
  });

  it('takes radii from the list only (422, nothing stored)', async () => {
    const g = await playedGame(t, admin);
    const [fox] = members(g);
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(100));
    const res = await ask(g, fox, { kind: 'radius', radius_m: 333 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(QUESTION_MESSAGES.radiusList);
    expect(await questionsOf(g)).toHaveLength(0);
  });
});

describe('a thermometer question', () => {
  it('compares with where the team last asked, once the asker moved 200 m: warmer, colder', async () => {
    const g = await playedGame(t, admin);
    await noCooldown(g);
    const [fox] = members(g);
    await g.place(g.chicken, north(1000));
    // No ask point yet: refused with its reason, nothing charged.
    await g.place(fox, CENTRE);
    const first = await ask(g, fox, { kind: 'thermometer' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'no_previous_ask', message: QUESTION_MESSAGES.no_previous_ask });
    expect((await ask(g, fox, { kind: 'radius', radius_m: 250 })).json().answer).toBe('no');
    // 150 m on: not far enough.
    await g.place(fox, north(150));
    const near = await ask(g, fox, { kind: 'thermometer' });
    expect(near.statusCode).toBe(409);
    expect(near.json().code).toBe('not_moved');
    // 300 m towards the Chicken: warmer (and this is the next ask point).
    await g.place(fox, north(300));
    expect((await ask(g, fox, { kind: 'thermometer' })).json()).toMatchObject({ answer: 'warmer', moved_m: 300 });
    // 300 m east of there, the Chicken now farther: colder.
    await g.place(fox, { lat: north(300).lat, lng: east(400).lng });
    expect((await ask(g, fox, { kind: 'thermometer' })).json().answer).toBe('colder');
    expect((await questionsOf(g)).map((q) => q.answer)).toEqual(['no', 'warmer', 'colder']);
  });
});

describe('a landmark question', () => {
  it('answers whether the Chicken is nearer to a station than the team: nearer, farther', async () => {
    const g = await playedGame(t, admin);
    await noCooldown(g);
    const [fox] = members(g);
    const [station] = await t.db
      .insert(itemStations)
      .values({ gameId: g.gameId, kind: 'radar', lat: north(500).lat, lng: CENTRE.lng, label: 'Fountain' })
      .returning();
    const landmark = { kind: 'landmark', station_id: station?.id };
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(450));
    const nearer = await ask(g, fox, landmark);
    expect(nearer.json()).toMatchObject({ answer: 'nearer', question: { landmark: 'Fountain' } });
    await g.place(g.chicken, north(-100));
    expect((await ask(g, fox, landmark)).json().answer).toBe('farther');
    // Another game's station is no landmark here.
    const unknown = await ask(g, fox, { kind: 'landmark', station_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('refusals and costs', () => {
  it('refuses without a fresh fix of the asker or the Chicken, with its reason, and charges nothing', async () => {
    const g = await playedGame(t, admin);
    await noCooldown(g, 5);
    const [fox] = members(g);
    await t.db
      .update(instanceTeams)
      .set({ points: 20 })
      .where(eq(instanceTeams.id, g.teamIds[0] ?? 0));
    await g.place(g.chicken, north(100));
    const noFix = await ask(g, fox, { kind: 'radius', radius_m: 500 });
    expect(noFix.statusCode).toBe(409);
    expect(noFix.json()).toMatchObject({ code: 'asker_no_fix', message: QUESTION_MESSAGES.asker_no_fix });
    await g.place(fox, CENTRE, new Date(Date.now() - 3 * 60_000));
    expect((await ask(g, fox, { kind: 'radius', radius_m: 500 })).json().code).toBe('asker_no_fix');
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(100), new Date(Date.now() - 3 * 60_000));
    const stale = await ask(g, fox, { kind: 'radius', radius_m: 500 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'chicken_no_fix', message: QUESTION_MESSAGES.chicken_no_fix });
    expect(await questionsOf(g)).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(scoreAdjustments)
        .where(eq(scoreAdjustments.teamId, g.teamIds[0] ?? 0)),
    ).toHaveLength(0);
    // The Chicken does not ask.
    expect((await ask(g, g.chicken, { kind: 'radius', radius_m: 500 })).statusCode).toBe(403);
  });

  it('charges its cost once when the same question is sent twice at once', { tags: ['postgres'] }, async () => {
    const g = await playedGame(t, admin);
    await noCooldown(g, 5);
    const [fox] = members(g);
    const teamId = g.teamIds[0] ?? 0;
    await t.db.insert(scoreAdjustments).values({ teamId, points: 20, reason: 'a head start', actorId: null });
    await t.db.update(instanceTeams).set({ points: 20 }).where(eq(instanceTeams.id, teamId));
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(100));
    const headers = { 'idempotency-key': 'q-1' };
    const answers = await Promise.all([1, 2, 3].map(() => ask(g, fox, { kind: 'radius', radius_m: 250 }, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().question.id)).size).toBe(1);
    expect(await questionsOf(g)).toHaveLength(1);
    const [team] = await t.db.select().from(instanceTeams).where(eq(instanceTeams.id, teamId));
    expect(team?.points).toBe(15);
    // Too few points left for another: refused, nothing charged.
    await noCooldown(g, 50);
    const poor = await ask(g, fox, { kind: 'radius', radius_m: 250 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json().code).toBe('no_points');
  });

  it('lets a team ask one of each kind every 5 minutes by default, then 429 with Retry-After; two at once charge once', { tags: ['postgres'] }, async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = members(g);
    await g.place(fox, CENTRE);
    await g.place(owl, north(50));
    await g.place(g.chicken, north(100));
    // Two phones of one team ask at once, no key: one answer, the other waits for the cooldown.
    const both = await Promise.all([ask(g, fox, { kind: 'radius', radius_m: 250 }), ask(g, fox, { kind: 'radius', radius_m: 500 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const refused = both.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(290);
    expect(refused?.json().message).toBe(QUESTION_MESSAGES.cooldown);
    expect(await questionsOf(g)).toHaveLength(1);
    // Another kind, and another team, may ask.
    await g.place(fox, north(300));
    expect((await ask(g, fox, { kind: 'thermometer' })).statusCode).toBe(200);
    expect((await ask(g, owl, { kind: 'radius', radius_m: 250 })).statusCode).toBe(200);
    const view = (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/questions`, headers: fox.headers })).json<TeamQuestionsResponse>();
    expect(view.rules).toEqual({ cost_points: 0, cooldown_seconds: 300 });
    expect(view.wait_seconds.radius).toBeGreaterThan(290);
    expect(view.wait_seconds.landmark).toBe(0);
    expect(view.questions).toHaveLength(2);
  });
});

describe('who is told', () => {
  it('shows the answer to the team and the host, tells the Chicken who asked what, and marks it on the recap', async () => {
    const g = await playedGame(t, admin, { teams: ['Red Foxes', 'Owls'] });
    const [fox, owl] = members(g);
    await g.place(fox, CENTRE);
    await g.place(g.chicken, north(100));
    const res = await ask(g, fox, { kind: 'radius', radius_m: 250 });
    expect(res.json().answer).toBe('yes');
    const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
    const rows = await t.db
      .select()
      .from(gameEvents)
      .where(eq(gameEvents.instanceId, instance?.id ?? 0))
      .orderBy(gameEvents.id);
    const events: GameEvent[] = rows
      .filter((r) => r.type === 'question')
      .map((r) => ({ id: r.id, gameId: g.gameId, type: 'question', data: r.payload.data, meta: r.payload.meta ?? {} }));
    expect(events).toHaveLength(2);
    const viewer = (who: Joined, teamId: number | null, role: 'player' | 'chicken' = 'player') => ({ kind: 'player' as const, playerId: who.id, teamId, role });
    const seen = (v: Parameters<typeof visibleTo>[0]) => events.filter((e) => visibleTo(v, e)).map((e) => e.data);
    const foxSees = seen(viewer(fox, g.teamIds[0] ?? 0));
    expect(foxSees).toHaveLength(1);
    expect(foxSees[0]).toMatchObject({ question: { answer: 'yes', team_name: 'Red Foxes' } });
    expect(seen(viewer(owl, g.teamIds[1] ?? 0))).toEqual([]);
    const chickenSees = seen(viewer(g.chicken, null, 'chicken'));
    expect(chickenSees).toEqual([{ question: null, notice: 'Red Foxes asked a radius question' }]);
    expect(seen({ kind: 'screen' })).toEqual([]);
    const host = (await admin.get(`/api/host/games/${g.gameCode}/questions`)).json();
    expect(host.questions).toMatchObject([{ team_name: 'Red Foxes', kind: 'radius', answer: 'yes', summary: 'Is the Chicken within 250 m of us? Yes' }]);

    // The recap's replay marks it: when, where, what it answered.
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    const manage = { 'x-manage-key': g.booking.manageKey };
    const published = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: true }, headers: manage });
    expect(published.statusCode).toBe(200);
    const token = new URL(published.json().url).pathname.split('/').pop();
    const recap = (await g.visitor.get(`/api/recap/${token}`)).json();
    expect(recap.questions).toMatchObject([{ team_name: 'Red Foxes', kind: 'radius', answer: 'yes', lat: CENTRE.lat, lng: CENTRE.lng }]);
  });
});
