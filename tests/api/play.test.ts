import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, createBooking, startableSchedule } from '../support/fixtures';
import { openSse } from '../support/sse';
import { teams as bookingTeams } from '../../src/server/domains/booking/tables/bookings';
import { games, players, playerPositions } from '../../src/server/domains/game/tables/games';
import { endDueGames } from '../../src/server/domains/game/game-lifecycle';
import { teamCapacity } from '../../src/shared/game/teams';

/** The player app's calls (issue 13): join, teams, ready, positions, the map and the stream; every refusal stores nothing. */
let t: TestApp;
let admin: Agent;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

type Joined = { token: string; player: { id: number; team_id: number | null; role: string } };

async function paidGame(values: { players?: number; teams?: string[] } = {}) {
  const paid = await createPaidBooking(t.db, { players: values.players ?? 8, ...startableSchedule() });
  for (const name of values.teams ?? ['Red', 'Blue']) await t.db.insert(bookingTeams).values({ bookingId: paid.booking.id, name });
  return paid;
}

async function join(code: string, body: Record<string, unknown>): Promise<{ status: number; body: Joined & { code?: string; message?: string } }> {
  const visitor = await t.visitor();
  const res = await visitor.post(`/api/play/${code}/join`, body);
  return { status: res.statusCode, body: res.json() };
}

async function as(token: string) {
  const agent = await t.visitor();
  const headers = { 'x-player-token': token };
  return {
    get: (url: string) => agent.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => agent.inject({ method: 'POST', url, payload, headers }),
    patch: (url: string, payload: object) => agent.inject({ method: 'PATCH', url, payload, headers }),
    put: (url: string, payload: object) => agent.inject({ method: 'PUT', url, payload, headers }),
  };
}

const count = async (table: typeof players | typeof playerPositions) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

async function start(bookingId: number) {
  const res = await admin.post(`/api/admin/bookings/${bookingId}/start-game`);
  expect(res.statusCode).toBe(200);
}

describe('the join page', () => {
  it("shows the game before anyone joined, with the booker's teams, and answers 404 for a wrong code", async () => {
    const paid = await paidGame({ players: 6 });
    const res = await (await t.visitor()).get(`/api/play/${paid.gameCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.game).toMatchObject({
      code: paid.gameCode,
      status: 'lobby',
      duration: 120,
      city: 'London',
      area: { lat: 51.5074, lng: -0.1278, radius: 1000 },
    });
    expect(body.teams.map((x: { name: string; capacity: number; full: boolean }) => [x.name, x.capacity, x.full])).toEqual([
      ['Red', teamCapacity(6, 2), false],
      ['Blue', teamCapacity(6, 2), false],
    ]);
    expect(body).toMatchObject({ players_count: 0, booked_players: 6 });
    expect(JSON.stringify(body)).not.toMatch(/hiding|email|price/i);

    const wrong = await (await t.visitor()).get('/api/play/NOPE99');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ code: 'not_found', message: 'Game not found' });
  });

  it('refuses to open an unpaid game', async () => {
    const booking = await createBooking(t.db);
    const [game] = await t.db
      .insert(games)
      .values({ bookingId: booking.id, code: `UNPD${booking.id}` })
      .returning();
    const res = await join(game!.code, { name: 'Ann' });
    expect(res.status).toBe(409);
    expect(await t.db.select().from(players).where(eq(players.name, 'Ann'))).toHaveLength(0);
  });
});

describe('joining', () => {
  it('joins with a name and a team, keeps the player by token, and refuses a taken name', async () => {
    const paid = await paidGame();
    const game = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json();
    const red = game.teams[0].id;
    const ann = await join(paid.gameCode, { name: '  Ann  ', team_id: red });
    expect(ann.status).toBe(201);
    expect(ann.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ann.body.player).toMatchObject({ name: 'Ann', role: 'player', team_id: red, ready: false, location: 'unknown' });
    // Only the hash is stored.
    const [row] = await t.db.select().from(players).where(eq(players.id, ann.body.player.id));
    expect(row?.tokenHash).not.toBe(ann.body.token);

    const me = (await (await as(ann.body.token)).get(`/api/play/${paid.gameCode}/me`)).json();
    expect(me).toMatchObject({
      player: { id: ann.body.player.id },
      team: { id: red, name: 'Red', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null },
      game: { status: 'lobby' },
    });

    const before = await count(players);
    const again = await join(paid.gameCode, { name: 'ANN' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Someone in this game already uses this name');
    expect(await count(players)).toBe(before);
  });

  it('refuses a full team (409 team_full) and a full game (409 game_full), storing nothing', async () => {
    const paid = await paidGame({ players: 3, teams: ['Solo'] });
    const solo = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json().teams[0];
    expect(solo.capacity).toBe(teamCapacity(3, 1));
    for (const name of ['A', 'B', 'C']) expect((await join(paid.gameCode, { name, team_name: name === 'C' ? 'Other' : 'Solo' })).status).toBe(201);
    const before = await count(players);
    const gameFull = await join(paid.gameCode, { name: 'D', team_name: 'Other' });
    expect(gameFull).toMatchObject({ status: 409, body: { code: 'game_full', message: 'This game is full' } });
    expect(await count(players)).toBe(before);

    const small = await paidGame({ players: 2, teams: ['One', 'Two'] });
    const one = (await (await t.visitor()).get(`/api/play/${small.gameCode}`)).json().teams[0];
    expect(one.capacity).toBe(2);
    await join(small.gameCode, { name: 'X', team_id: one.id });
    await join(small.gameCode, { name: 'Y', team_id: one.id });
    const before2 = await count(players);
    // Both the team and the game are full: refused, nothing stored.
    const third = await join(small.gameCode, { name: 'Z', team_id: one.id });
    expect(third.status).toBe(409);
    expect(await count(players)).toBe(before2);
  });

  it('refuses a full team when the game still has room', async () => {
    const paid = await paidGame({ players: 10, teams: ['T1', 'T2', 'T3', 'T4', 'T5'] });
    const first = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json().teams[0];
    expect(first.capacity).toBe(3);
    for (const name of ['P1', 'P2', 'P3']) expect((await join(paid.gameCode, { name, team_id: first.id })).status).toBe(201);
    const before = await count(players);
    const res = await join(paid.gameCode, { name: 'P4', team_id: first.id });
    expect(res).toMatchObject({ status: 409, body: { code: 'team_full', message: 'This team is full' } });
    expect(await count(players)).toBe(before);
  });

  it('lets the Chicken join once with the key, in no team; a wrong key is 403', async () => {
    const paid = await paidGame();
    const [game] = await t.db.select().from(games).where(eq(games.id, paid.gameId));
    expect((await join(paid.gameCode, { name: 'Fox', chicken_key: 'wrong' })).status).toBe(403);
    const chicken = await join(paid.gameCode, { name: 'Hen', chicken_key: game!.chickenKey });
    expect(chicken.status).toBe(201);
    expect(chicken.body.player).toMatchObject({ role: 'chicken', team_id: null });
    const second = await join(paid.gameCode, { name: 'Hen2', chicken_key: game!.chickenKey });
    expect(second.status).toBe(409);
  });

  it("takes 'Red  Fox', ' red fox' and 'Ｒｅｄ Ｆｏｘ' for the team 'Red Fox' (one name rule: nameKey), in the lobby and when seeded from the booker's list", async () => {
    const paid = await paidGame({ teams: ['Red Fox', 'Red  Fox', 'Blue'] });
    const lobby = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json<{ teams: { id: number; name: string }[] }>();
    expect(lobby.teams.map((team) => team.name)).toEqual(['Red Fox', 'Blue']);
    const redFox = lobby.teams[0]?.id;
    for (const [i, spelling] of ['Red  Fox', ' red fox ', 'Ｒｅｄ Ｆｏｘ', 'RED FOX'].entries()) {
      const joined = await join(paid.gameCode, { name: `P${i}`, team_name: spelling });
      expect({ spelling, status: joined.status, team: joined.body.player.team_id }).toEqual({ spelling, status: 201, team: redFox });
    }
    // A team name is one line: a tab or a line break is refused, never folded into another team (issue 36).
    expect((await join(paid.gameCode, { name: 'P9', team_name: 'RED\tFOX' })).status).toBe(422);
    const after = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json<{ teams: { name: string }[] }>();
    expect(after.teams.map((team) => team.name)).toEqual(['Red Fox', 'Blue']);
  });

  it('validates the name', async () => {
    const paid = await paidGame();
    const blank = await join(paid.gameCode, { name: '   ' });
    expect(blank.status).toBe(422);
    expect((await join(paid.gameCode, { name: 'x'.repeat(41) })).status).toBe(422);
  });
});

describe('a player in the lobby', () => {
  it('readies up, gives the location answer, creates and changes teams; teams are locked once live', async () => {
    const paid = await paidGame();
    const ann = await join(paid.gameCode, { name: 'Ann' });
    const me = await as(ann.body.token);
    const url = `/api/play/${paid.gameCode}`;
    const ready = await me.patch(`${url}/me`, { ready: true, location: 'denied' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().player).toMatchObject({ ready: true, location: 'denied' });

    const created = await me.put(`${url}/me/team`, { team_name: 'Green Geese' });
    expect(created.statusCode).toBe(200);
    const green = created.json().teams.find((x: { name: string }) => x.name === 'Green Geese');
    expect(created.json().player.team_id).toBe(green.id);
    const taken = await (await as((await join(paid.gameCode, { name: 'Bo' })).body.token)).put(`${url}/me/team`, { team_name: 'green geese' });
    // Same name, other case: joins the existing team.
    expect(taken.json().player.team_id).toBe(green.id);
    expect((await me.put(`${url}/me/team`, { team_id: 999_999 })).statusCode).toBe(422);

    await start(paid.booking.id);
    const late = await me.put(`${url}/me/team`, { team_name: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('game_not_lobby');
  });

  it('answers 401 without a token and 403 with a token of another game', async () => {
    const a = await paidGame();
    const b = await paidGame();
    const ann = await join(a.gameCode, { name: 'Ann' });
    expect((await (await t.visitor()).get(`/api/play/${a.gameCode}/me`)).statusCode).toBe(401);
    const cross = await (await as(ann.body.token)).get(`/api/play/${b.gameCode}/me`);
    expect(cross.statusCode).toBe(403);
    expect(cross.json().message).toBe('This player belongs to another game');
    const before = await count(players);
    expect((await (await as(ann.body.token)).patch(`/api/play/${b.gameCode}/me`, { ready: true })).statusCode).toBe(403);
    expect(await count(players)).toBe(before);
  });
});

describe('positions', () => {
  it('are refused before live, stored while live, and refused outside the world, too fast, too often or for another game', async () => {
    const paid = await paidGame();
    const other = await paidGame();
    const ann = await join(paid.gameCode, { name: 'Ann' });
    const stranger = await join(other.gameCode, { name: 'Zed' });
    const me = await as(ann.body.token);
    const url = `/api/play/${paid.gameCode}/positions`;
    const before = await count(playerPositions);

    const early = await me.post(url, { lat: 51.5, lng: -0.12 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('game_not_live');
    expect(await count(playerPositions)).toBe(before);

    await start(paid.booking.id);
    const first = await me.post(url, { lat: 51.5, lng: -0.12, accuracy: 8 });
    expect(first.statusCode).toBe(204);
    expect(await count(playerPositions)).toBe(before + 1);

    const outside = await me.post(url, { lat: 95, lng: 0 });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('This position is not on Earth');
    const tooOften = await me.post(url, { lat: 51.5, lng: -0.12 });
    expect(tooOften.statusCode).toBe(429);

    // Make the last fix 2 s old, then jump 10 km: 5 km/s.
    await t.db
      .update(players)
      .set({ lastAt: new Date(Date.now() - 2_000) })
      .where(eq(players.id, ann.body.player.id));
    const jump = await me.post(url, { lat: 51.59, lng: -0.12 });
    expect(jump.statusCode).toBe(422);
    expect(jump.json().code).toBe('too_fast');
    const walk = await me.post(url, { lat: 51.5001, lng: -0.12 });
    expect(walk.statusCode).toBe(204);

    const cross = await (await as(stranger.body.token)).post(url, { lat: 51.5, lng: -0.12 });
    expect(cross.statusCode).toBe(403);
    expect((await me.post(url, { lat: 'x', lng: 1 })).statusCode).toBe(422);
    expect(await count(playerPositions)).toBe(before + 2);
    const [row] = await t.db.select().from(players).where(eq(players.id, ann.body.player.id));
    expect(row).toMatchObject({ lastLat: 51.5001, lastLng: -0.12 });
  });

  it('stop when the booked time is up: the ticker ends the game and positions are refused', async () => {
    const paid = await paidGame();
    const ann = await join(paid.gameCode, { name: 'Ann' });
    await start(paid.booking.id);
    expect(await endDueGames(t.db, new Date(Date.now() + 121 * 60_000))).toBeGreaterThanOrEqual(1);
    const me = await as(ann.body.token);
    expect((await me.get(`/api/play/${paid.gameCode}/me`)).json().game.status).toBe('ended');
    const res = await me.post(`/api/play/${paid.gameCode}/positions`, { lat: 51.5, lng: -0.12 });
    expect(res.statusCode).toBe(409);
    expect((await join(paid.gameCode, { name: 'Late' })).body.code).toBe('game_ended');
  });
});

describe('the map and the stream', () => {
  it("shows a player its own team and itself, never another team's positions or the Chicken", async () => {
    const paid = await paidGame();
    const [game] = await t.db.select().from(games).where(eq(games.id, paid.gameId));
    const lobby = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json();
    const [red, blue] = lobby.teams;
    const ann = await join(paid.gameCode, { name: 'Ann', team_id: red.id });
    const bo = await join(paid.gameCode, { name: 'Bo', team_id: red.id });
    const cy = await join(paid.gameCode, { name: 'Cy', team_id: blue.id });
    const hen = await join(paid.gameCode, { name: 'Hen', chicken_key: game!.chickenKey });
    await start(paid.booking.id);
    for (const [who, lat] of [
      [bo, 51.501],
      [cy, 51.502],
      [hen, 51.503],
    ] as const) {
      expect((await (await as(who.body.token)).post(`/api/play/${paid.gameCode}/positions`, { lat, lng: -0.12 })).statusCode).toBe(204);
    }
    const map = (await (await as(ann.body.token)).get(`/api/play/${paid.gameCode}/map`)).json();
    expect(map.players.map((p: { name: string }) => p.name).sort()).toEqual(['Ann', 'Bo']);
    expect(map.players.find((p: { name: string }) => p.name === 'Bo')).toMatchObject({
      position: { lat: 51.501, lng: -0.12 },
      trail: [{ lat: 51.501, lng: -0.12 }],
    });
    expect(map.teams).toHaveLength(2);
    expect(Number(map.last_event_id)).toBeGreaterThan(0);
    const chickenMap = (await (await as(hen.body.token)).get(`/api/play/${paid.gameCode}/map`)).json();
    expect(chickenMap.players.map((p: { name: string }) => p.name)).toEqual(['Hen']);
  });

  it("streams teammates' positions live (not other teams'), and replays stored events after Last-Event-ID", async () => {
    const paid = await paidGame();
    const lobby = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json();
    const [red, blue] = lobby.teams;
    const ann = await join(paid.gameCode, { name: 'Ann', team_id: red.id });
    const bo = await join(paid.gameCode, { name: 'Bo', team_id: red.id });
    const cy = await join(paid.gameCode, { name: 'Cy', team_id: blue.id });
    const snapshot = (await (await as(ann.body.token)).get(`/api/play/${paid.gameCode}/map`)).json();

    const url = `${base}/api/play/${paid.gameCode}/stream`;
    const stream = await openSse(url, { 'x-player-token': ann.body.token, 'last-event-id': snapshot.last_event_id });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/text\/event-stream/);
    try {
      await start(paid.booking.id);
      const state = await stream.next((e) => e.event === 'state' && JSON.parse(e.data).game.status === 'live');
      expect(Number(state.id)).toBeGreaterThan(Number(snapshot.last_event_id));
      await (await as(cy.body.token)).post(`/api/play/${paid.gameCode}/positions`, { lat: 51.6, lng: -0.1 });
      await (await as(bo.body.token)).post(`/api/play/${paid.gameCode}/positions`, { lat: 51.5, lng: -0.1 });
      const position = await stream.next((e) => e.event === 'position');
      expect(position.id).toBeNull();
      expect(JSON.parse(position.data)).toMatchObject({ player_id: bo.body.player.id, team_id: red.id, role: 'player', lat: 51.5, lng: -0.1 });
      expect(stream.events.filter((e) => e.event === 'position').map((e) => JSON.parse(e.data).player_id)).not.toContain(cy.body.player.id);
    } finally {
      stream.close();
    }

    // A reconnect from before the start gets the start again from the store, and nothing it already had.
    const replay = await openSse(url, { 'x-player-token': ann.body.token, 'last-event-id': snapshot.last_event_id });
    try {
      const state = await replay.next((e) => e.event === 'state');
      expect(JSON.parse(state.data).game.status).toBe('live');
      expect(replay.events.every((e) => e.id === null || Number(e.id) > Number(snapshot.last_event_id))).toBe(true);
    } finally {
      replay.close();
    }
    await expect.poll(() => t.app.deps.gameHub.size()).toBe(0);
  });

  it('refuses a stream without a token (401) or of another game (403)', async () => {
    const a = await paidGame();
    const b = await paidGame();
    const ann = await join(a.gameCode, { name: 'Ann' });
    const none = await openSse(`${base}/api/play/${a.gameCode}/stream`);
    expect(none.status).toBe(401);
    const cross = await openSse(`${base}/api/play/${b.gameCode}/stream`, { 'x-player-token': ann.body.token });
    expect(cross.status).toBe(403);
  });
});
