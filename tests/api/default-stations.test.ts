import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { games } from '../../src/server/domains/game/tables/games';
import { itemStations } from '../../src/server/domains/game/tables/items';
import type { BackpackResponse, HuntConsoleResponse } from '../../src/shared/api/hunt';
import { distanceMetres } from '../../src/shared/geo';
import { defaultStations, STATION_SPREAD } from '../../src/shared/game/station-layout';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { playedGame } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/** Decision 0335: a game whose plan has power-ups starts with item stations inside its area. */
let t: TestApp;
let admin: Agent & { userId: number };
let booker: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  booker = await t.visitor();
});
afterAll(async () => t.close());

const stationsOf = (gameId: number) => t.db.select().from(itemStations).where(eq(itemStations.gameId, gameId)).orderBy(asc(itemStations.id));
const place = (s: { kind: string; lat: number; lng: number; label: string }) => ({ kind: s.kind, lat: s.lat, lng: s.lng, label: s.label });
const adminBooking = async (id: number) =>
  (await admin.get(`/api/admin/bookings/${id}`)).json<{ booking: { game: { stations_count: number } | null } }>().booking;
async function organiser(gameCode: string) {
  const [row] = await t.db
    .select({ key: bookings.manageKey })
    .from(games)
    .innerJoin(bookings, eq(bookings.id, games.bookingId))
    .where(eq(games.code, gameCode));
  const headers = { 'x-manage-key': row?.key ?? '' };
  return {
    get: (path: string) => booker.inject({ method: 'GET', url: `/api/booking/${gameCode}${path}`, headers }),
    put: (path: string, payload: object) => booker.inject({ method: 'PUT', url: `/api/booking/${gameCode}${path}`, payload, headers }),
  };
}

describe('the default item stations of a game with power-ups', () => {
  it('are placed when a Weapons or Bespoke booking is paid: inside the area, as the shared rule lays them out, shown to staff and the organiser', async () => {
    for (const planType of ['pro', 'bespoke'] as const) {
      const { booking, gameId, gameCode } = await createPaidBooking(t.db, { planType, players: 24 });
      const area = { lat: booking.initialAreaLat, lng: booking.initialAreaLng, radius: booking.initialAreaRadius };
      const stored = await stationsOf(gameId);
      expect(stored.map(place)).toEqual(defaultStations(area, 24, gameId).map(place));
      expect(stored.length).toBeGreaterThanOrEqual(4);
      for (const s of stored) expect(distanceMetres(s, area)).toBeLessThanOrEqual(area.radius * STATION_SPREAD + 1);
      expect((await adminBooking(booking.id)).game?.stations_count).toBe(stored.length);
      const own = await organiser(gameCode);
      expect((await own.get('')).json<{ booking: { game: { stations_count: number } } }>().booking.game.stations_count).toBe(stored.length);
    }
  });

  it('are not placed for a Standard game, nor before payment', async () => {
    const standard = await createPaidBooking(t.db, { planType: 'standard' });
    expect(await stationsOf(standard.gameId)).toEqual([]);
    expect((await adminBooking(standard.booking.id)).game?.stations_count).toBe(0);
    // Staff turning weapons on cannot give a Standard game power-ups: the plan has none.
    expect((await admin.post(`/api/admin/bookings/${standard.booking.id}/toggle-weapons`, { weapons_on: true })).statusCode).toBe(200);
    expect(await stationsOf(standard.gameId)).toEqual([]);
    const unpaid = await createBooking(t.db, { planType: 'pro' });
    expect((await adminBooking(unpaid.id)).game).toBeNull();
  });

  it('appear when staff turn weapons on for a game that had none, and stay when weapons go off', async () => {
    const { booking, gameId } = await createPaidBooking(t.db, { planType: 'pro' });
    // A game made with weapons off and no stations (as before this rule, or staff turned them off first).
    await t.db.delete(itemStations).where(eq(itemStations.gameId, gameId));
    await t.db.update(games).set({ weaponsOn: false }).where(eq(games.id, gameId));
    const on = await admin.post(`/api/admin/bookings/${booking.id}/toggle-weapons`, { weapons_on: true });
    expect(on.statusCode).toBe(200);
    const placed = await stationsOf(gameId);
    expect(placed.length).toBeGreaterThan(0);
    expect(on.json().booking.game.stations_count).toBe(placed.length);
    await admin.post(`/api/admin/bookings/${booking.id}/toggle-weapons`, { weapons_on: false });
    expect((await stationsOf(gameId)).map((s) => s.id)).toEqual(placed.map((s) => s.id));
  });

  it('follow the game area the organiser moves, until staff change one by hand; then they stay where staff put them', async () => {
    const { gameId, gameCode } = await createPaidBooking(t.db, { planType: 'pro', players: 12 });
    const own = await organiser(gameCode);
    const moved = { lat: 51.52, lng: -0.1, radius: 2000 };
    const res = await own.put('/game-area', moved);
    expect(res.statusCode).toBe(200);
    const followed = await stationsOf(gameId);
    expect(followed.map(place)).toEqual(defaultStations(moved, 12, gameId).map(place));
    expect(res.json().booking.game.stations_count).toBe(followed.length);

    const [first] = followed;
    if (!first) throw new Error('no station');
    expect((await admin.patch(`/api/admin/markers/stations/${first.id}`, { lat: 51.521, lng: -0.101 })).statusCode).toBe(200);
    expect((await own.put('/game-area', { lat: 51.5, lng: -0.12, radius: 800 })).statusCode).toBe(200);
    const kept = await stationsOf(gameId);
    expect(kept.map((s) => s.id)).toEqual(followed.map((s) => s.id));
    expect(kept[0]).toMatchObject({ lat: 51.521, lng: -0.101 });
  });

  it('keep their place once the game started, and a live game shows them to the host and on every player’s map', async () => {
    const g = await playedGame(t, admin);
    const stations = await stationsOf(g.gameId);
    expect(stations.length).toBeGreaterThan(0);
    const hunt = (await admin.get(`/api/host/games/${g.gameCode}/hunt`)).json<HuntConsoleResponse>();
    expect(hunt.stations.map((s) => s.id)).toEqual(stations.map((s) => s.id));
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const backpack = (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/backpack`, headers: fox.headers })).json<BackpackResponse>();
    expect(backpack.weapons_off).toBeNull();
    expect(backpack.stations.map((s) => s.id).sort()).toEqual(stations.map((s) => s.id).sort());
    // The organiser moving the area after the start moves no station under the players' feet.
    const own = await organiser(g.gameCode);
    expect((await own.put('/game-area', { lat: 51.52, lng: -0.1, radius: 2000 })).statusCode).toBe(200);
    expect((await stationsOf(g.gameId)).map(place)).toEqual(stations.map(place));
  });
});

describe('the host and the default stations', () => {
  it('lets the game’s host close, open and remove a station from the console; another host, or another game’s station, is refused', async () => {
    const { gameId, gameCode, booking } = await createPaidBooking(t.db, { planType: 'pro' });
    const other = await createPaidBooking(t.db, { planType: 'pro' });
    const host = await t.as('host');
    const stranger = await t.as('host', { email: 'other.host@example.test' });
    await t.db.update(bookings).set({ assignedHostId: host.userId }).where(eq(bookings.id, booking.id));
    const [first, second] = await stationsOf(gameId);
    const [foreign] = await stationsOf(other.gameId);
    if (!first || !second || !foreign) throw new Error('no stations');
    const url = (id: number, code = gameCode) => `/api/host/games/${code}/stations/${id}`;

    expect((await stranger.patch(url(first.id), { active: false })).statusCode).toBe(403);
    expect((await host.patch(url(foreign.id), { active: false })).statusCode).toBe(404);
    expect((await host.delete(url(foreign.id))).statusCode).toBe(404);
    expect((await stationsOf(other.gameId)).length).toBeGreaterThan(0);

    const closed = await host.patch(url(first.id), { active: false });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ station: { id: first.id, active: false } });
    const hunt = (await host.get(`/api/host/games/${gameCode}/hunt`)).json<HuntConsoleResponse>();
    expect(hunt.stations.find((s) => s.id === first.id)?.active).toBe(false);
    expect((await host.delete(url(second.id))).statusCode).toBe(204);
    expect((await stationsOf(gameId)).map((s) => s.id)).not.toContain(second.id);
    // The host changed them by hand: they no longer follow the area.
    expect((await t.db.select({ edited: games.stationsEdited }).from(games).where(eq(games.id, gameId)))[0]?.edited).toBe(true);
  });
});
