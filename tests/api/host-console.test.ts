import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { openSse } from '../support/sse';
import { bookings, teams as bookingTeams } from '../../src/server/domains/booking/tables/bookings';
import { gameMessages, games } from '../../src/server/domains/game/tables/games';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';

/**
 * What a host may see and do (docs/decisions/0223-host-rights.md): an admin runs any game; a host only the games
 * assigned to them (as the game's host or the booking's); anyone else is refused, and a host never sees prices,
 * payments, notes or the booker's email. The organiser watches read-only with the management key.
 */
let t: TestApp;
let admin: Agent;
let host: Agent & { userId: number };
let otherHost: Agent & { userId: number };
let user: Agent;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  host = await t.as('host');
  otherHost = await t.as('host');
  user = await t.as('user');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

async function hostedGame() {
  const paid = await createPaidBooking(t.db, {
    players: 6,
    adminGeneralNotes: 'secret staff note',
    tel: '+44 7700 900123',
    meetingPointAddress: '1 Market Sq',
    ...startableSchedule(),
  });
  await t.db.insert(bookingTeams).values([
    { bookingId: paid.booking.id, name: 'Red' },
    { bookingId: paid.booking.id, name: 'Blue' },
  ]);
  await t.db.update(bookings).set({ assignedHostId: host.userId }).where(eq(bookings.id, paid.booking.id));
  return paid;
}

async function joinAs(code: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await (await t.visitor()).post(`/api/play/${code}/join`, { name, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; player: { id: number; team_id: number | null } };
}

describe('who may run a game', () => {
  it('lists for a host only the games assigned to them; an admin sees them too', async () => {
    const mine = await hostedGame();
    const alsoMine = await hostedGame();
    const notMine = await createPaidBooking(t.db);
    const list = await host.get('/api/host/games');
    expect(list.statusCode).toBe(200);
    const codes = list.json().games.map((g: { code: string }) => g.code);
    expect(codes).toEqual(expect.arrayContaining([mine.gameCode, alsoMine.gameCode]));
    expect(codes).not.toContain(notMine.gameCode);
    expect(list.json().games.find((g: { code: string }) => g.code === mine.gameCode)).toMatchObject({ status: 'not_started', city: 'London' });
    const all = (await admin.get('/api/host/games')).json().games.map((g: { code: string }) => g.code);
    expect(all).toEqual(expect.arrayContaining([mine.gameCode, notMine.gameCode]));
  });

  it('refuses another host (403), a plain user (403) and an anonymous caller (401), changing nothing', async () => {
    const paid = await hostedGame();
    const url = `/api/host/games/${paid.gameCode}`;
    expect((await otherHost.get(url)).statusCode).toBe(403);
    expect((await otherHost.post(`${url}/start`)).json().message).toBe('Only the host of this game or an admin may run it');
    expect((await otherHost.post(`${url}/messages`, { text: 'hi' })).statusCode).toBe(403);
    expect((await user.get(url)).statusCode).toBe(403);
    expect((await (await t.visitor()).get(url)).statusCode).toBe(401);
    expect((await host.get('/api/host/games/NOPE99')).statusCode).toBe(404);
    expect((await host.get(url)).json().game.status).toBe('not_started');
    expect(await t.db.select().from(gameMessages)).toHaveLength(0);
  });
});

describe('the console', () => {
  it('shows every team and player, the Chicken too, and the meeting details, never prices, payments, notes or email', async () => {
    const paid = await hostedGame();
    const [game] = await t.db.select().from(games).where(eq(games.id, paid.gameId));
    await joinAs(paid.gameCode, 'Ann');
    await joinAs(paid.gameCode, 'Hen', { chicken_key: game!.chickenKey });
    const res = await host.get(`/api/host/games/${paid.gameCode}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.players.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([
      ['Ann', 'player'],
      ['Hen', 'chicken'],
    ]);
    expect(body.teams.map((x: { name: string }) => x.name)).toEqual(['Red', 'Blue']);
    expect(body.booking).toEqual({
      name: paid.booking.fullName,
      phone: '+44 7700 900123',
      meeting_point: '1 Market Sq',
      players: 6,
      duration: 120,
      starts_at: paid.booking.utcDateTime?.toISOString() ?? null,
    });
    const text = JSON.stringify(body);
    for (const secret of [paid.booking.email, 'secret staff note', 'price', 'payment', game!.chickenKey]) expect(text).not.toContain(secret);
  });

  it('starts the game (same rule as the admin), sends messages, ends it; each is logged', async () => {
    const paid = await hostedGame();
    const ann = await joinAs(paid.gameCode, 'Ann');
    const url = `/api/host/games/${paid.gameCode}`;

    const started = await host.post(`${url}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json().game).toMatchObject({ status: 'live', code: paid.gameCode });
    expect(started.json().game.ends_at).not.toBeNull();
    const again = await host.post(`${url}/start`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Game already started');
    expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(409);
    // The lobby went live: the player who joined is in the live game.
    expect(
      (await (await t.visitor()).inject({ method: 'GET', url: `/api/play/${paid.gameCode}/me`, headers: { 'x-player-token': ann.token } })).json().game.status,
    ).toBe('live');

    expect((await host.post(`${url}/messages`, { text: '   ' })).statusCode).toBe(422);
    expect((await host.post(`${url}/messages`, { text: 'x'.repeat(281) })).statusCode).toBe(422);
    const sent = await host.post(`${url}/messages`, { text: 'Ten minutes left!' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ text: 'Ten minutes left!' });
    const map = await (await t.visitor()).inject({ method: 'GET', url: `/api/play/${paid.gameCode}/map`, headers: { 'x-player-token': ann.token } });
    expect(map.json().messages.map((m: { text: string }) => m.text)).toEqual(['Ten minutes left!']);

    const ended = await host.post(`${url}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().game.status).toBe('ended');
    expect((await host.post(`${url}/end`)).json().code).toBe('game_not_live');
    const actions = await t.db
      .select({ action: activityLog.action, actor: activityLog.actorId })
      .from(activityLog)
      .where(sql`${activityLog.bookingId} = ${paid.booking.id} and ${activityLog.action} like 'game.%'`);
    expect(actions.map((a) => a.action).sort()).toEqual(['game.end', 'game.message', 'game.start']);
    expect(actions.every((a) => a.actor === host.userId)).toBe(true);
  });

  it('lets an admin run any game, and refuses to start an unpaid one', async () => {
    const paid = await createPaidBooking(t.db, startableSchedule());
    expect((await admin.get(`/api/host/games/${paid.gameCode}`)).statusCode).toBe(200);
    await t.db.update(bookings).set({ bookingStatus: 'enquiry' }).where(eq(bookings.id, paid.booking.id));
    const res = await admin.post(`/api/host/games/${paid.gameCode}/start`);
    expect(res.statusCode).toBe(422);
  });

  it("streams every team's positions and the Chicken's to the host", { tags: ['postgres'] }, async () => {
    const paid = await hostedGame();
    const [game] = await t.db.select().from(games).where(eq(games.id, paid.gameId));
    const lobby = (await (await t.visitor()).get(`/api/play/${paid.gameCode}`)).json();
    const cy = await joinAs(paid.gameCode, 'Cy', { team_id: lobby.teams[1].id });
    const hen = await joinAs(paid.gameCode, 'Hen', { chicken_key: game!.chickenKey });
    expect((await host.post(`/api/host/games/${paid.gameCode}/start`)).statusCode).toBe(200);
    const stream = await openSse(`${base}/api/host/games/${paid.gameCode}/stream`, { cookie: host.cookie });
    expect(stream.status).toBe(200);
    try {
      for (const [who, lat] of [
        [cy, 51.6],
        [hen, 51.7],
      ] as const) {
        const res = await (
          await t.visitor()
        ).inject({ method: 'POST', url: `/api/play/${paid.gameCode}/positions`, payload: { lat, lng: 0 }, headers: { 'x-player-token': who.token } });
        expect(res.statusCode).toBe(204);
      }
      await stream.next((e) => e.event === 'position' && JSON.parse(e.data).role === 'chicken');
      await stream.next((e) => e.event === 'position' && JSON.parse(e.data).player_id === cy.player.id);
    } finally {
      stream.close();
    }
    const refused = await openSse(`${base}/api/host/games/${paid.gameCode}/stream`, { cookie: otherHost.cookie });
    expect(refused.status).toBe(403);
  });
});

describe("the organiser's live view", () => {
  it('shows the live game read-only with the management key, and refuses without it', async () => {
    const paid = await hostedGame();
    await joinAs(paid.gameCode, 'Ann');
    const visitor = await t.visitor();
    const without = await visitor.get(`/api/booking/${paid.gameCode}/live`);
    expect(without.statusCode).toBe(403);
    const res = await visitor.inject({ method: 'GET', url: `/api/booking/${paid.gameCode}/live`, headers: { 'x-manage-key': paid.booking.manageKey } });
    expect(res.statusCode).toBe(200);
    expect(res.json().players.map((p: { name: string }) => p.name)).toEqual(['Ann']);
    const stream = await openSse(`${base}/api/booking/${paid.gameCode}/live/stream`, { 'x-manage-key': paid.booking.manageKey });
    expect(stream.status).toBe(200);
    stream.close();
    expect((await openSse(`${base}/api/booking/${paid.gameCode}/live/stream`)).status).toBe(403);
  });
});
