import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gameChallenges,
  gameEvents,
  gameInstances,
  games,
  instanceTeams,
  playerPositions,
  players,
  submissions,
} from '../../src/server/domains/game/tables/games';
import { teamEffects, teamItems } from '../../src/server/domains/game/tables/hunt';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { queueDueResultsMails } from '../../src/server/domains/game/results-mails';
import type { Heartbeat } from '../../src/shared/api/admin-booking-detail';
import type { ConsoleResponse } from '../../src/shared/api/host';
import type { BackpackResponse, ChickenResponse } from '../../src/shared/api/hunt';
import type { MapResponse, MeResponse } from '../../src/shared/api/play';
import type { PlayChallengesResponse, ResultsResponse } from '../../src/shared/api/play-challenges';
import { CHICKEN_MESSAGES } from '../../src/shared/game/chicken';
import { ITEMS } from '../../src/shared/game/items';
import { GAME_MESSAGES } from '../../src/shared/game/teams';
import { rankTeams, type TeamScore } from '../../src/shared/scoring/leaderboard';
import { createChallenge } from '../support/game-fixtures';
import { CENTRE, north, playedGame, type Joined } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { jpeg } from '../support/photo-fixtures';

/**
 * The winner and the rules of play (issue 19): one total per team in every payload, every freeze an Egg Strike
 * promises enforced by the server (423, why and until when, nothing changed), and a Chicken claim judged on the
 * phone's fix of that moment (decisions 0240, 0241, 0280).
 */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

type Game = Awaited<ReturnType<typeof playedGame>>;
const get = (g: Game, path: string, who: Joined) => g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}${path}`, headers: who.headers });
const post = (g: Game, path: string, who: Joined, body: unknown = {}) => g.visitor.post(`/api/play/${g.gameCode}${path}`, body, who.headers);
const claim = (g: Game, who: Joined, code: string, point: { lat: number; lng: number }, at = new Date()) =>
  post(g, '/found-chicken', who, { code, position: { ...point, accuracy: 8, at: at.toISOString() } });
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

async function withChallenges(g: Game, maxScores: number[]) {
  const ids: number[] = [];
  for (const [i, max] of maxScores.entries()) ids.push(await createChallenge(admin, { type: 'RightWrong', max_score: max, name: `Riddle ${g.gameCode} ${i}` }));
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, g.gameId));
  await t.db.insert(gameChallenges).values(ids.map((challengeId, position) => ({ gameId: g.gameId, challengeId, position })));
  return ids;
}

async function instanceOf(g: Game) {
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
  if (!instance) throw new Error('no instance');
  return instance;
}

/** A submission answered and approved by staff: the team earns the challenge's max score. */
async function scored(g: Game, who: Joined, challengeId: number) {
  const sent = await post(g, '/submissions', who, { challenge_id: challengeId, kind: 'text', text: 'Our answer' });
  if (sent.statusCode !== 201) throw new Error(`submit failed: ${sent.statusCode} ${sent.body}`);
  const approved = await admin.post(`/api/admin/submissions/${sent.json<{ submission: { id: number } }>().submission.id}/approve`, {});
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
}

const order = (teams: readonly TeamScore[]) => rankTeams(teams).map((tm) => [tm.rank, tm.name, tm.total]);

describe('one total per team, everywhere', () => {
  it('puts the team that scored 15 and found the Chicken (+50) ahead of a team with 20 in every payload, adjustments counted', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const [twenty, fifteen] = await withChallenges(g, [20, 15]);
    await scored(g, fox, twenty ?? 0);
    await scored(g, owl, fifteen ?? 0);
    await g.send(g.chicken, CENTRE);
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();
    expect((await claim(g, owl, code, north(10))).statusCode).toBe(201);
    const [foxTeam, owlTeam] = g.teamIds;
    expect((await admin.post(`/api/admin/scoring/teams/${foxTeam}/adjustments`, { points: 3, reason: 'Helped a lost tourist' })).statusCode).toBe(201);
    expect((await admin.post(`/api/admin/scoring/teams/${owlTeam}/adjustments`, { points: -5, reason: 'Crossed on red' })).statusCode).toBe(201);
    const expected = [
      [1, 'Owls', 60],
      [2, 'Foxes', 23],
    ];

    // The phones: the map snapshot, the `teams` event, /me and the challenges list carry every input of the total.
    const map = (await get(g, '/map', fox)).json<MapResponse>();
    expect(order(map.teams)).toEqual(expected);
    expect(map.teams.find((tm) => tm.name === 'Owls')).toEqual({
      id: owlTeam,
      name: 'Owls',
      challenge_points: 15,
      chicken_points: 50,
      adjustments: -5,
      spent: 0,
      found_chicken_at: expect.any(String),
    });
    const events = await t.db
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, g.gameId), eq(gameEvents.type, 'teams')))
      .orderBy(gameEvents.id);
    const lastTeams = (events.at(-1)?.payload as { data: { teams: TeamScore[] } }).data.teams;
    expect(order(lastTeams)).toEqual(expected);
    expect((await get(g, '/me', owl)).json<MeResponse>().team).toMatchObject({ challenge_points: 15, chicken_points: 50, adjustments: -5 });
    expect((await get(g, '/challenges', fox)).json<PlayChallengesResponse>().team).toMatchObject({ challenge_points: 20, chicken_points: 0, adjustments: 3 });

    // The host console and the heartbeat.
    expect(order((await admin.get(`/api/host/games/${g.gameCode}`)).json<ConsoleResponse>().teams)).toEqual(expected);
    const heartbeat = (await admin.get(`/api/admin/bookings/${g.booking.id}/game-heartbeat`)).json<Heartbeat>();
    expect(heartbeat.instances[0]?.teams.map((tm) => [tm.rank, tm.name, tm.total, tm.points])).toEqual([
      [1, 'Owls', 60, 10],
      [2, 'Foxes', 23, 23],
    ]);

    // The game ends: the results, the organiser's results, /admin/scoring and the results mail agree.
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    const results = (await get(g, '/results', fox)).json<ResultsResponse>();
    expect(results.teams.map((tm) => [tm.rank, tm.name, tm.total])).toEqual(expected);
    const instance = await instanceOf(g);
    const scoring = (await admin.get(`/api/admin/scoring/instances/${instance.id}`)).json<{ teams: { rank: number; name: string; total: number }[] }>();
    expect(scoring.teams.map((tm) => [tm.rank, tm.name, tm.total])).toEqual(expected);
    expect(order((await get(g, '/map', owl)).json<MapResponse>().teams)).toEqual(expected);
    await queueDueResultsMails(t.db, { mail: t.app.deps.mail, baseUrl: 'https://hatch.example' });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, g.booking.id), eq(mailOutbox.kind, 'game.results')));
    expect(mail?.text).toContain('1. Owls: 60 points\n2. Foxes: 23 points');
  });
});

describe('an Egg Strike freezes a team, as its description says', () => {
  it('refuses a frozen team submissions, pickups, item uses and Chicken claims with 423, why and for how long, changing nothing; all work once it ends', async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    expect(ITEMS.egg_strike.description).toBe('Freeze a rival team for 90 seconds: no submissions, pickups, items or Chicken claims.');
    const [riddle] = await withChallenges(g, [10]);
    const stations = await t.db
      .insert(itemStations)
      .values([
        { gameId: g.gameId, kind: 'egg_strike', ...north(5), label: 'Kiosk' },
        { gameId: g.gameId, kind: 'radar', ...north(5), label: 'Fountain' },
        { gameId: g.gameId, kind: 'rusty_compass', ...north(5), label: 'Statue' },
      ])
      .returning();
    const station = (label: string) => stations.find((s) => s.label === label)?.id ?? 0;
    await g.send(fox, north(5));
    await g.send(owl, north(6));
    await g.send(g.chicken, north(20));
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();
    const egg = (await post(g, '/backpack/pickup', fox, { station_id: station('Kiosk') })).json<{ item: { id: number } }>().item;
    const radar = (await post(g, '/backpack/pickup', owl, { station_id: station('Fountain') })).json<{ item: { id: number } }>().item;
    expect((await post(g, '/backpack/use', fox, { item_id: egg.id, target_team_id: g.teamIds[1] })).json()).toMatchObject({ result: { hit: true } });

    const instance = await instanceOf(g);
    const before = {
      submissions: await t.db.select().from(submissions).where(eq(submissions.instanceId, instance.id)),
      items: await t.db.select().from(teamItems).where(eq(teamItems.instanceId, instance.id)),
      teams: await t.db.select().from(instanceTeams).where(eq(instanceTeams.instanceId, instance.id)),
      positions: await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, owl.id)),
    };
    const frozen = (action: string) => new RegExp(`^Your team is frozen by an Egg Strike: you cannot ${action} for (\\d+) more seconds\\.$`);
    const refusals = [
      [await post(g, '/submissions', owl, { challenge_id: riddle, kind: 'text', text: 'An egg' }), 'send submissions'],
      [await post(g, '/backpack/pickup', owl, { station_id: station('Statue') }), 'pick up items'],
      [await post(g, '/backpack/use', owl, { item_id: radar.id }), 'use items'],
      [await claim(g, owl, code, north(7)), 'claim the Chicken'],
    ] as const;
    for (const [res, action] of refusals) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({ message: expect.stringMatching(frozen(action)), code: 'team_frozen' });
      const seconds = Number(frozen(action).exec(res.json<{ message: string }>().message)?.[1]);
      expect(seconds).toBeGreaterThan(80);
      expect(seconds).toBeLessThanOrEqual(90);
      expect(res.headers['retry-after']).toBe(String(seconds));
    }
    // A photo too: refused before it is kept.
    const photo = await g.visitor.inject({
      method: 'POST',
      url: `/api/play/${g.gameCode}/submissions/photo?challenge_id=${riddle}`,
      payload: jpeg(2_004),
      headers: { ...owl.headers, 'content-type': 'image/jpeg' },
    });
    expect(photo.statusCode).toBe(423);
    expect(await t.db.select().from(submissions).where(eq(submissions.instanceId, instance.id))).toEqual(before.submissions);
    expect(await t.db.select().from(teamItems).where(eq(teamItems.instanceId, instance.id))).toEqual(before.items);
    expect(await t.db.select().from(instanceTeams).where(eq(instanceTeams.instanceId, instance.id))).toEqual(before.teams);
    expect(await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, owl.id))).toEqual(before.positions);
    // The team still sees that it is frozen, and until when; the other team is not.
    expect((await get(g, '/backpack', owl)).json<BackpackResponse>().effects).toEqual([{ kind: 'frozen', until: expect.any(String) }]);
    expect((await post(g, '/submissions', fox, { challenge_id: riddle, kind: 'text', text: 'A chicken' })).statusCode).toBe(201);

    // The freeze runs out (moved into the past rather than waiting 90 s): every action works again.
    await t.db
      .update(teamEffects)
      .set({ until: secondsAgo(1) })
      .where(and(eq(teamEffects.teamId, g.teamIds[1] ?? 0), eq(teamEffects.kind, 'frozen')));
    expect((await post(g, '/submissions', owl, { challenge_id: riddle, kind: 'text', text: 'An egg' })).statusCode).toBe(201);
    expect((await post(g, '/backpack/pickup', owl, { station_id: station('Statue') })).statusCode).toBe(201);
    expect((await post(g, '/backpack/use', owl, { item_id: radar.id })).statusCode).toBe(200);
    expect((await claim(g, owl, code, north(7))).statusCode).toBe(201);
  });

  it('holds no freeze once staff turn weapons off (effects go with them), and a Smoke Screen keeps a team playing', async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const [riddle] = await withChallenges(g, [10]);
    const instance = await instanceOf(g);
    await t.db
      .insert(teamEffects)
      .values({ instanceId: instance.id, teamId: g.teamIds[1] ?? 0, kind: 'frozen', until: new Date(Date.now() + 60_000), byTeamId: g.teamIds[0] ?? 0 });
    expect((await post(g, '/submissions', owl, { challenge_id: riddle, kind: 'text', text: 'An egg' })).statusCode).toBe(423);
    // Staff turn weapons off (the toggle's own rules are tested with the detail page).
    await t.db.update(games).set({ weaponsOn: false }).where(eq(games.id, g.gameId));
    expect((await post(g, '/submissions', owl, { challenge_id: riddle, kind: 'text', text: 'An egg' })).statusCode).toBe(201);

    // A shielded team is no frozen team.
    await t.db
      .insert(teamEffects)
      .values({ instanceId: instance.id, teamId: g.teamIds[0] ?? 0, kind: 'shielded', until: new Date(Date.now() + 60_000), byTeamId: g.teamIds[0] ?? 0 });
    expect((await post(g, '/submissions', fox, { challenge_id: riddle, kind: 'text', text: 'A chicken' })).statusCode).toBe(201);
  });
});

describe('claiming the Chicken with the phone\u2019s fix of that moment', () => {
  it('counts a team that walked up since its last periodic fix, and stores that fix as its position', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const [fox] = g.members;
    if (!fox) throw new Error('no players');
    await g.send(g.chicken, CENTRE);
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();
    // The last periodic fix, 4 s ago, was 90 m away: too far. The phone is now 10 m from the Chicken.
    await g.place(fox, north(90), secondsAgo(4));
    const res = await claim(g, fox, code, north(10));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ order: 1, find: { team_name: 'Foxes', chicken_points: 50 } });
    const [row] = await t.db.select().from(players).where(eq(players.id, fox.id));
    expect(row?.lastLat).toBeCloseTo(north(10).lat, 9);
    const trail = await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, fox.id));
    expect(trail.map((p) => p.lat).at(-1)).toBeCloseTo(north(10).lat, 9);
    expect(trail.at(-1)?.accuracy).toBe(8);
  });

  it('judges the claim\u2019s fix like every position: off the globe, too fast or too old is refused, and nothing is stored', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    await g.send(g.chicken, CENTRE);
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();
    // 2 km away 5 s ago, at the Chicken now: 400 m/s.
    await g.place(fox, north(2_000), secondsAgo(5));
    const fast = await claim(g, fox, code, north(5));
    expect(fast.statusCode).toBe(422);
    expect(fast.json()).toEqual({ message: GAME_MESSAGES.tooFast, code: 'too_fast', errors: { position: [GAME_MESSAGES.tooFast] } });
    const offEarth = await claim(g, fox, code, { lat: 95, lng: 0 });
    expect(offEarth.json()).toMatchObject({ message: GAME_MESSAGES.outsideWorld, errors: { position: [GAME_MESSAGES.outsideWorld] } });
    expect((await claim(g, owl, code, north(5), secondsAgo(10 * 60))).json().message).toBe(CHICKEN_MESSAGES.stalePosition);
    expect((await post(g, '/found-chicken', owl, { code, position: { lat: 51.5, lng: -0.12, at: 'yesterday' } })).statusCode).toBe(422);
    const [row] = await t.db.select().from(players).where(eq(players.id, fox.id));
    expect(row?.lastLat).toBeCloseTo(north(2_000).lat, 9);
    expect(await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, owl.id))).toEqual([]);
    const teams = await t.db
      .select()
      .from(instanceTeams)
      .where(eq(instanceTeams.instanceId, (await instanceOf(g)).id));
    expect(teams.filter((tm) => tm.foundChickenAt !== null)).toEqual([]);
  });
});

describe('a game whose booked time has run out, before the ticker ends it', () => {
  it('is over for every player action and every answer alike (one rule: isLiveNow), though its instance still says live', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const [riddle] = await withChallenges(g, [10]);
    await g.send(g.chicken, CENTRE);
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();
    await g.place(fox, north(5), secondsAgo(2));
    const instance = await instanceOf(g);
    await t.db
      .update(gameInstances)
      .set({ endsAt: secondsAgo(1) })
      .where(eq(gameInstances.id, instance.id));
    expect((await instanceOf(g)).status).toBe('live');

    const list = (await get(g, '/challenges', fox)).json<PlayChallengesResponse>();
    expect(list.can_submit).toBe(false);
    const sent = await post(g, '/submissions', fox, { challenge_id: riddle, kind: 'text', text: 'Too late' });
    expect({ status: sent.statusCode, code: sent.json().code }).toEqual({ status: 409, code: 'game_ended' });
    const fix = await post(g, '/positions', owl, north(6));
    expect({ status: fix.statusCode, code: fix.json().code }).toEqual({ status: 409, code: 'game_not_live' });
    const found = await claim(g, fox, code, north(5));
    expect({ status: found.statusCode, code: found.json().code }).toEqual({ status: 409, code: 'game_not_live' });
    expect((await admin.get(`/api/host/games/${g.gameCode}/hunt`)).json<{ next_shrink_at: string | null }>().next_shrink_at).toBeNull();

    expect(await t.db.select().from(submissions).where(eq(submissions.instanceId, instance.id))).toEqual([]);
    expect(await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, owl.id))).toEqual([]);
    const teams = await t.db.select().from(instanceTeams).where(eq(instanceTeams.instanceId, instance.id));
    expect(teams.filter((tm) => tm.foundChickenAt !== null)).toEqual([]);
  });
});
