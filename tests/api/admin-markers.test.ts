import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/server/domains/game/tables/games';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { MARKER_MESSAGES, type ItemStation, type MarkerGame } from '../../src/shared/api/markers';
import { createPaidBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const base = '/api/admin/markers';

describe('item stations', () => {
  it('places, moves, lists, edits and deletes stations of a Weapons game beside its default ones, each change logged', async () => {
    const { gameId, gameCode } = await createPaidBooking(t.db, { planType: 'pro' });
    const defaults = (await admin.get(`${base}/games/${gameId}/stations`)).json<{ game: MarkerGame; stations: ItemStation[] }>();
    const n = defaults.stations.length;
    expect(n).toBeGreaterThan(0);
    expect(defaults.game).toMatchObject({ stations_count: n, stations_edited: false });

    const created = await admin.post(`${base}/games/${gameId}/stations`, { kind: 'radar', lat: 51.508, lng: -0.128, label: ' Fountain ' });
    expect(created.statusCode).toBe(201);
    const station = created.json<{ station: ItemStation }>().station;
    expect(station).toMatchObject({ game_id: gameId, kind: 'radar', lat: 51.508, lng: -0.128, label: 'Fountain', active: true });

    const listed = (await admin.get(`${base}/games/${gameId}/stations`)).json<{ game: MarkerGame; stations: ItemStation[] }>();
    expect(listed.game).toMatchObject({
      id: gameId,
      code: gameCode,
      plan_type: 'pro',
      weapons_on: true,
      stations_count: n + 1,
      stations_edited: true,
      area: { lat: 51.5074, lng: -0.1278, radius: 1000 },
    });
    expect(listed.stations.map((s) => s.id)).toEqual([...defaults.stations.map((s) => s.id), station.id]);
    const games = (await admin.get(`${base}/games`)).json<{ games: MarkerGame[] }>().games;
    expect(games.find((g) => g.id === gameId)?.stations_count).toBe(n + 1);

    const edited = await admin.patch(`${base}/stations/${station.id}`, { kind: 'egg_strike', active: false });
    expect(edited.json()).toMatchObject({ station: { kind: 'egg_strike', active: false, label: 'Fountain' } });
    const moved = await admin.patch(`${base}/stations/${station.id}`, { lat: 51.509, lng: -0.127 });
    expect(moved.json()).toMatchObject({ station: { lat: 51.509, lng: -0.127, kind: 'egg_strike' } });
    // A move needs both coordinates: half a move changes nothing.
    expect((await admin.patch(`${base}/stations/${station.id}`, { lat: 51.6 })).json()).toMatchObject({ errors: { lat: [MARKER_MESSAGES.moveBoth] } });

    expect((await admin.delete(`${base}/stations/${station.id}`)).statusCode).toBe(204);
    expect((await t.db.select().from(itemStations).where(eq(itemStations.gameId, gameId))).map((s) => s.id)).toEqual(defaults.stations.map((s) => s.id));
    expect((await admin.delete(`${base}/stations/${station.id}`)).json()).toEqual({ message: MARKER_MESSAGES.stationNotFound, code: 'not_found' });

    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'item_station'), eq(activityLog.entityId, String(station.id))));
    expect(log.map((l) => l.action).sort()).toEqual(['item_station.create', 'item_station.delete', 'item_station.update', 'item_station.update']);
  });

  it('refuses stations for a Standard game, with why', async () => {
    const { gameId } = await createPaidBooking(t.db, { planType: 'standard' });
    const res = await admin.post(`${base}/games/${gameId}/stations`, { kind: 'radar', lat: 51.5, lng: -0.1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MARKER_MESSAGES.standardPlan, code: 'conflict' });
    expect(await t.db.select().from(itemStations).where(eq(itemStations.gameId, gameId))).toEqual([]);
  });

  it('lets staff place stations while weapons are off (they work once weapons are on), and shows the flag', async () => {
    const { gameId } = await createPaidBooking(t.db, { planType: 'bespoke' });
    await t.db.update(games).set({ weaponsOn: true }).where(eq(games.id, gameId));
    expect((await admin.post(`${base}/games/${gameId}/stations`, { kind: 'smoke_screen', lat: 0, lng: 0 })).statusCode).toBe(201);
    expect((await admin.get(`${base}/games/${gameId}/stations`)).json().game.weapons_on).toBe(true);
  });

  it('refuses an unknown kind, a point off the globe, a long label, unknown games and fields', async () => {
    const { gameId } = await createPaidBooking(t.db, { planType: 'pro' });
    const bad = [
      { kind: 'bazooka', lat: 51.5, lng: 0 },
      { kind: 'radar', lat: 91, lng: 0 },
      { kind: 'radar', lat: 51.5, lng: -181 },
      { kind: 'radar', lat: 51.5, lng: 0, label: 'x'.repeat(61) },
      { kind: 'radar', lat: 'north', lng: 0 },
    ];
    for (const body of bad) expect((await admin.post(`${base}/games/${gameId}/stations`, body)).statusCode).toBe(422);
    expect((await admin.post(`${base}/games/999999/stations`, { kind: 'radar', lat: 1, lng: 1 })).json()).toEqual({
      message: MARKER_MESSAGES.gameNotFound,
      code: 'not_found',
    });
    expect((await admin.patch(`${base}/stations/1`, { game_id: 5 })).statusCode).toBe(422);
    // Only the game's default stations (decision 0335): nothing refused was stored, and they are still the defaults.
    const stored = await t.db.select().from(itemStations).where(eq(itemStations.gameId, gameId)).orderBy(itemStations.id);
    expect(stored.map((s) => s.label)).toEqual(stored.map((_, i) => `Station ${i + 1}`));
    expect((await t.db.select({ edited: games.stationsEdited }).from(games).where(eq(games.id, gameId)))[0]?.edited).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the review, scoring and markers routes', async () => {
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/submissions',
        '/api/admin/submissions/{id}/photo',
        '/api/admin/submissions/{id}/rate',
        '/api/admin/scoring/instances/{id}',
        '/api/admin/scoring/teams/{teamId}/adjustments',
        '/api/admin/markers/games/{id}/stations',
        '/api/admin/markers/stations/{id}',
      ]),
    );
  });
});
