import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, gameInstances, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { instanceChickens, teamEffects, teamItems } from '../../src/server/domains/game/tables/hunt';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { shrinkDueAreas } from '../../src/server/domains/game/game-area';
import { visibleTo, type GameEvent } from '../../src/server/domains/game/game-events';
import { CHICKEN_MESSAGES, FIND_RADIUS_M } from '../../src/shared/game/chicken';
import { BACKPACK_CAPACITY, ITEM_MESSAGES, RADAR_RANGE_M } from '../../src/shared/game/items';
import { finalRadius } from '../../src/shared/game/area';
import type { BackpackResponse, ChickenResponse, HuntConsoleResponse, UseResult } from '../../src/shared/api/hunt';
import { GAME_MESSAGES } from '../../src/shared/game/teams';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { CENTRE, north, playedGame, type Joined } from '../support/hunt-fixtures';

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
/** A claim as the phone sends it: the code and its position of that moment (decision 0280). */
const claim = (g: Game, who: Joined, code: string, point: { lat: number; lng: number }, at = new Date()) =>
  post(g, '/found-chicken', who, { code, position: { ...point, accuracy: 8, at: at.toISOString() } });

async function storedHunt(g: Game) {
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
  if (!instance) throw new Error('no instance');
  const teams = await t.db.select().from(instanceTeams).where(eq(instanceTeams.instanceId, instance.id));
  const items = await t.db.select().from(teamItems).where(eq(teamItems.instanceId, instance.id));
  const effects = await t.db.select().from(teamEffects).where(eq(teamEffects.instanceId, instance.id));
  const events = await t.db.select().from(gameEvents).where(eq(gameEvents.instanceId, instance.id)).orderBy(gameEvents.id);
  return { instance, teams, items, effects, events };
}

describe('the Chicken', () => {
  it('shows its found-code only to itself, hides inside the final area, and players never see where', async () => {
    const g = await playedGame(t, admin);
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    expect((await get(g, '/chicken', fox)).statusCode).toBe(403);
    const screen = await get(g, '/chicken', g.chicken);
    expect(screen.statusCode).toBe(200);
    const chicken = screen.json<ChickenResponse>();
    expect(chicken.found_code).toMatch(/^[A-Z2-9]{6}$/);
    expect(chicken.found_path).toBe(`/play/${g.gameCode}?found=${chicken.found_code}`);
    expect(chicken).toMatchObject({ hiding_spot: null, finds: [], final_area: { ...CENTRE, radius: finalRadius(1000) } });

    // No position yet: nothing to hide at.
    expect((await post(g, '/chicken/hide', g.chicken)).json()).toMatchObject({ message: CHICKEN_MESSAGES.noPosition, code: 'validation_failed' });
    // Outside the final area (400 m): refused, nothing stored.
    await g.place(g.chicken, north(700));
    const outside = await post(g, '/chicken/hide', g.chicken);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe(CHICKEN_MESSAGES.hideOutside);
    const spot = north(120);
    await g.place(g.chicken, spot);
    const hidden = await post(g, '/chicken/hide', g.chicken);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().hiding_spot).toMatchObject(spot);
    expect((await post(g, '/chicken/hide', fox)).statusCode).toBe(403);

    // Every player projection: none carries the Chicken, its position or its spot.
    await g.send(fox, north(10));
    const seen = [
      (await g.visitor.get(`/api/play/${g.gameCode}`)).body,
      (await get(g, '/me', fox)).body,
      (await get(g, '/map', fox)).body,
      (await get(g, '/backpack', fox)).body,
    ];
    for (const body of seen) {
      expect(body).not.toContain(String(spot.lat));
      expect(body).not.toContain('Clucky');
      expect(body).not.toContain('hiding');
      expect(body).not.toContain(chicken.found_code);
    }
    // The staff view has it.
    const staff = (await admin.get(`/api/host/games/${g.gameCode}/hunt`)).json<HuntConsoleResponse>();
    expect(staff.hiding_spot).toMatchObject(spot);
  });

  it('counts a find with the code from nearby, first find worth most, and refuses the rest storing nothing', async () => {
    const g = await playedGame(t, admin, { teams: ['Foxes', 'Owls', 'Bats'] });
    const [fox, owl, bat] = g.members;
    if (!fox || !owl || !bat) throw new Error('no players');
    const { found_code: code } = (await get(g, '/chicken', g.chicken)).json<ChickenResponse>();

    // Before the Chicken has a position or a spot.
    await g.send(fox, north(5));
    expect((await claim(g, fox, code, north(5))).json()).toEqual({ message: CHICKEN_MESSAGES.notHidden, code: 'conflict' });
    await g.send(g.chicken, CENTRE);

    const wrong = await claim(g, fox, 'ZZZZZZ', north(5));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: CHICKEN_MESSAGES.wrongCode, errors: { code: [CHICKEN_MESSAGES.wrongCode] } });
    expect((await claim(g, fox, '', north(5))).statusCode).toBe(422);
    // A claim without the phone's position is not understood (no outside client sends the old shape).
    expect((await post(g, '/found-chicken', fox, { code })).statusCode).toBe(422);
    // Far away: refused.
    await g.place(owl, north(FIND_RADIUS_M + 200));
    expect((await claim(g, owl, code, north(FIND_RADIUS_M + 200))).json().message).toBe(CHICKEN_MESSAGES.tooFar);
    // A fix the phone took long ago does not count.
    expect((await claim(g, bat, code, north(5), new Date(Date.now() - 10 * 60_000))).json().message).toBe(CHICKEN_MESSAGES.stalePosition);
    // The Chicken cannot find itself.
    expect((await claim(g, g.chicken, code, CENTRE)).statusCode).toBe(403);
    let stored = await storedHunt(g);
    expect(stored.teams.filter((team) => team.foundChickenAt !== null || team.chickenPoints !== 0)).toEqual([]);
    expect(stored.events.filter((e) => e.type === 'found')).toEqual([]);

    // Right code (typed loosely), nearby: 50 points, published.
    const found = await claim(g, fox, ` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `, north(5));
    expect(found.statusCode).toBe(201);
    expect(found.json()).toMatchObject({ order: 1, find: { team_id: g.teamIds[0], team_name: 'Foxes', chicken_points: 50 } });
    // Twice: refused.
    const twice = await claim(g, fox, code, north(5));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CHICKEN_MESSAGES.alreadyFound);
    // A second team, near the hiding spot: fewer points.
    await g.place(owl, north(20));
    expect((await claim(g, owl, code, north(20))).json()).toMatchObject({ order: 2, find: { team_name: 'Owls', chicken_points: 30 } });

    stored = await storedHunt(g);
    const byId = new Map(stored.teams.map((team) => [team.id, team]));
    expect(byId.get(g.teamIds[0] ?? 0)).toMatchObject({ chickenPoints: 50 });
    expect(byId.get(g.teamIds[0] ?? 0)?.foundChickenAt).toBeInstanceOf(Date);
    expect(byId.get(g.teamIds[2] ?? 0)).toMatchObject({ chickenPoints: 0, foundChickenAt: null });
    const foundEvents = stored.events.filter((e) => e.type === 'found');
    expect(foundEvents).toHaveLength(2);
    const teamsEvent = stored.events.filter((e) => e.type === 'teams').at(-1);
    expect(JSON.stringify(teamsEvent?.payload)).toContain('"chicken_points":30');
    expect((await get(g, '/chicken', g.chicken)).json<ChickenResponse>().finds.map((f) => f.team_name)).toEqual(['Foxes', 'Owls']);
    // The organiser, host and admin lists show found_chicken_at.
    const teamsList = (await admin.get(`/api/admin/teams?search=Foxes`)).json<{ teams: { game_code: string; found_chicken_at: string | null }[] }>();
    expect(teamsList.teams.find((row) => row.game_code === g.gameCode)?.found_chicken_at).not.toBeNull();

    // After the game: refused.
    await t.db.update(gameInstances).set({ status: 'ended', endTime: new Date() }).where(eq(gameInstances.id, stored.instance.id));
    const late = await claim(g, bat, code, north(5));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: GAME_MESSAGES.gameNotLive, code: 'game_not_live' });
  });
});

describe('the shrinking area', () => {
  it('moves the live game to the scheduled area, publishes it once, and the staff view shows it', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const { instance } = await storedHunt(g);
    // Half-way through a two-hour game: the third step of six, 1000 m → 700 m.
    const halfway = new Date(instance.startTime.getTime() + 60 * 60_000);
    expect(await shrinkDueAreas(t.db, halfway)).toBeGreaterThanOrEqual(1);
    expect(await shrinkDueAreas(t.db, halfway)).toBe(0);
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const map = (await get(g, '/map', fox)).json<{ game: { area: { radius: number } } }>();
    expect(map.game.area).toEqual({ ...CENTRE, radius: 700 });
    const states = (await storedHunt(g)).events.filter((e) => e.type === 'state');
    expect(JSON.stringify(states.at(-1)?.payload)).toContain('"radius":700');
    const staff = (await admin.get(`/api/host/games/${g.gameCode}/hunt`)).json<HuntConsoleResponse>();
    expect(staff).toMatchObject({
      booked_area: { radius: 1000 },
      latest_area: { radius: 700 },
      final_area: { radius: 400 },
      stations: [],
      weapons_off: 'Power-ups are not part of the Standard plan',
    });
  });

  it('lets only the game\u2019s host or an admin see the hunt view', async () => {
    const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
    const anon = await t.visitor();
    expect((await anon.get(`/api/host/games/${g.gameCode}/hunt`)).statusCode).toBe(401);
    const host = await t.as('host');
    expect((await host.get(`/api/host/games/${g.gameCode}/hunt`)).json()).toMatchObject({ message: GAME_MESSAGES.hostOnly });
    expect((await admin.get('/api/host/games/NOPE99/hunt')).statusCode).toBe(404);
  });
});

describe('the Backpack', () => {
  /** Staff's own stations in place of the game's default ones (decision 0335), at known distances from the centre. */
  async function withStations(g: Game) {
    await t.db.delete(itemStations).where(eq(itemStations.gameId, g.gameId));
    const rows = await t.db
      .insert(itemStations)
      .values([
        { gameId: g.gameId, kind: 'radar', ...north(0), label: 'Fountain' },
        { gameId: g.gameId, kind: 'radar', ...north(10), label: 'Bench' },
        { gameId: g.gameId, kind: 'rusty_compass', ...north(15), label: 'Statue' },
        { gameId: g.gameId, kind: 'egg_strike', ...north(5), label: 'Kiosk' },
        { gameId: g.gameId, kind: 'smoke_screen', ...north(400), label: 'Far away' },
        { gameId: g.gameId, kind: 'egg_strike', ...north(3), label: 'Closed', active: false },
      ])
      .returning();
    return new Map(rows.map((r) => [r.label, r.id]));
  }

  it('refuses everything for a Standard game and when weapons are off, storing nothing', async () => {
    for (const options of [
      { plan: 'standard' as const, weaponsOn: true },
      { plan: 'pro' as const, weaponsOn: false },
    ]) {
      const g = await playedGame(t, admin, options);
      const [fox] = g.members;
      if (!fox) throw new Error('no player');
      const message = options.plan === 'standard' ? ITEM_MESSAGES.standardPlan : ITEM_MESSAGES.weaponsOff;
      const [station] = await t.db
        .insert(itemStations)
        .values({ gameId: g.gameId, kind: 'radar', ...CENTRE })
        .returning();
      await g.send(fox, CENTRE);
      expect((await get(g, '/backpack', fox)).json<BackpackResponse>()).toMatchObject({ weapons_off: message, items: [], stations: [] });
      const pickup = await post(g, '/backpack/pickup', fox, { station_id: station?.id });
      expect(pickup.statusCode).toBe(409);
      expect(pickup.json().message).toBe(message);
      expect((await post(g, '/backpack/use', fox, { item_id: 1 })).json().message).toBe(message);
      expect((await storedHunt(g)).items).toEqual([]);
    }
  });

  it('picks up near a station into the Backpack up to its capacity, and refuses far, closed, again and full', async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const ids = await withStations(g);
    const id = (label: string) => ids.get(label) ?? 0;

    expect((await post(g, '/backpack/pickup', fox, { station_id: id('Fountain') })).json().message).toBe(ITEM_MESSAGES.noPosition);
    await g.send(fox, CENTRE);
    const far = await post(g, '/backpack/pickup', fox, { station_id: id('Far away') });
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toBe(ITEM_MESSAGES.tooFar);
    expect((await post(g, '/backpack/pickup', fox, { station_id: id('Closed') })).json().message).toBe(ITEM_MESSAGES.stationInactive);
    expect((await post(g, '/backpack/pickup', fox, { station_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await storedHunt(g)).items).toEqual([]);

    const view = (await get(g, '/backpack', fox)).json<BackpackResponse>();
    expect(view.stations.map((s) => s.label)).toEqual(['Fountain', 'Kiosk', 'Bench', 'Statue', 'Far away']);
    expect(view.stations.find((s) => s.label === 'Fountain')).toMatchObject({ distance_m: 0, in_reach: true, again_at: null });
    expect(view.stations.find((s) => s.label === 'Far away')).toMatchObject({ in_reach: false });
    expect(view.targets.map((team) => team.name)).toEqual(['Owls']);

    const first = await post(g, '/backpack/pickup', fox, { station_id: id('Fountain') });
    expect(first.statusCode).toBe(201);
    expect(first.json().item).toMatchObject({ kind: 'radar', ready_at: null });
    const again = await post(g, '/backpack/pickup', fox, { station_id: id('Fountain') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ITEM_MESSAGES.stationCooldown);
    for (const label of ['Bench', 'Statue']) expect((await post(g, '/backpack/pickup', fox, { station_id: id(label) })).statusCode).toBe(201);
    expect((await post(g, '/backpack/pickup', fox, { station_id: id('Kiosk') })).json().message).toBe(ITEM_MESSAGES.backpackFull);

    const full = (await get(g, '/backpack', fox)).json<BackpackResponse>();
    expect(full.items.map((i) => i.kind)).toEqual(['radar', 'radar', 'rusty_compass']);
    expect(full.items).toHaveLength(BACKPACK_CAPACITY);
    expect(full.stations.find((s) => s.label === 'Fountain')?.again_at).not.toBeNull();
    // The other team's Backpack is its own.
    await g.send(owl, CENTRE);
    expect((await get(g, '/backpack', owl)).json<BackpackResponse>().items).toEqual([]);
    // Published to the team only.
    const itemEvents = (await storedHunt(g)).events.filter((e) => e.type === 'items');
    expect(itemEvents).toHaveLength(3);
    const event: GameEvent = { id: 1, gameId: g.gameId, type: 'items', data: {}, meta: { teamId: g.teamIds[0] ?? 0 } };
    expect(visibleTo({ kind: 'player', playerId: fox.id, teamId: g.teamIds[0] ?? 0, role: 'player' }, event)).toBe(true);
    expect(visibleTo({ kind: 'player', playerId: owl.id, teamId: g.teamIds[1] ?? 0, role: 'player' }, event)).toBe(false);
    expect(visibleTo({ kind: 'player', playerId: g.chicken.id, teamId: null, role: 'chicken' }, event)).toBe(false);
    expect(visibleTo({ kind: 'staff' }, event)).toBe(true);
  });

  it('answers Radar and Rusty Compass about the Chicken, with cooldowns, and refuses items not in the Backpack', async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const ids = await withStations(g);
    await g.send(fox, CENTRE);
    for (const label of ['Fountain', 'Bench', 'Statue']) await post(g, '/backpack/pickup', fox, { station_id: ids.get(label) });
    const items = (await get(g, '/backpack', fox)).json<BackpackResponse>().items;
    const [radar1, radar2, compass] = items;
    if (!radar1 || !radar2 || !compass) throw new Error('no items');

    // The Chicken is nowhere yet: refused, the item stays.
    expect((await post(g, '/backpack/use', fox, { item_id: radar1.id })).json().message).toBe(ITEM_MESSAGES.noChicken);
    await g.send(g.chicken, north(RADAR_RANGE_M - 50));
    const radar = await post(g, '/backpack/use', fox, { item_id: radar1.id });
    expect(radar.statusCode).toBe(200);
    expect(radar.json<{ result: UseResult }>().result).toEqual({ kind: 'radar', within: true, range_m: RADAR_RANGE_M });
    // Used up, and the second radar is recharging.
    expect((await post(g, '/backpack/use', fox, { item_id: radar1.id })).json().message).toBe(ITEM_MESSAGES.notInBackpack);
    expect((await post(g, '/backpack/use', fox, { item_id: radar2.id })).json().message).toBe(ITEM_MESSAGES.cooldown);
    // Another team's item: not theirs.
    await g.send(owl, CENTRE);
    expect((await post(g, '/backpack/use', owl, { item_id: radar2.id })).json().message).toBe(ITEM_MESSAGES.notInBackpack);

    const compassUse = (await post(g, '/backpack/use', fox, { item_id: compass.id })).json<{ result: UseResult }>().result;
    // The Chicken is due north: the rust turns the needle at most 30°, so N, or NE/NW at the edge.
    expect(compassUse.kind).toBe('rusty_compass');
    if (compassUse.kind === 'rusty_compass') expect(['N', 'NE', 'NW']).toContain(compassUse.direction);
    const after = (await get(g, '/backpack', fox)).json<BackpackResponse>();
    expect(after.items.map((i) => i.id)).toEqual([radar2.id]);
    expect(after.items[0]?.ready_at).not.toBeNull();
    expect(after.history.map((h) => h.result.kind)).toEqual(['rusty_compass', 'radar']);
    // Nothing in the history leaks a distance.
    expect(JSON.stringify(after)).not.toContain('distance_to');
  });

  it('freezes another team with an Egg Strike, published to it; a Smoke Screen makes the next miss', async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const ids = await withStations(g);
    const [shieldStation] = await t.db
      .insert(itemStations)
      .values({ gameId: g.gameId, kind: 'smoke_screen', ...north(2), label: 'Smoke' })
      .returning();
    await g.send(fox, north(5));
    await g.send(owl, north(2));
    const [egg] = [(await post(g, '/backpack/pickup', fox, { station_id: ids.get('Kiosk') })).json().item];
    expect((await post(g, '/backpack/use', fox, { item_id: egg.id })).json().message).toBe(ITEM_MESSAGES.targetNeeded);
    expect((await post(g, '/backpack/use', fox, { item_id: egg.id, target_team_id: g.teamIds[0] })).json().message).toBe(ITEM_MESSAGES.targetSelf);
    expect((await post(g, '/backpack/use', fox, { item_id: egg.id, target_team_id: 2_000_000_000 })).json().message).toBe(ITEM_MESSAGES.targetNeeded);
    expect((await storedHunt(g)).effects).toEqual([]);

    const strike = await post(g, '/backpack/use', fox, { item_id: egg.id, target_team_id: g.teamIds[1] });
    expect(strike.json<{ result: UseResult }>().result).toMatchObject({
      kind: 'egg_strike',
      hit: true,
      target_team_id: g.teamIds[1],
      target_team_name: 'Owls',
      missed_because: null,
    });
    const struck = (await get(g, '/backpack', owl)).json<BackpackResponse>();
    expect(struck.effects).toEqual([{ kind: 'frozen', until: expect.any(String) }]);
    // Frozen: no pickups.
    const refused = await post(g, '/backpack/pickup', owl, { station_id: shieldStation?.id });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^Your team is frozen by an Egg Strike: you cannot pick up items for \d+ more seconds\.$/),
      code: 'team_frozen',
    });
    const stored = await storedHunt(g);
    const toOwls = stored.events.filter((e) => e.type === 'items' && JSON.stringify(e.payload).includes('"change":"struck"'));
    expect(toOwls).toHaveLength(1);
    expect(JSON.stringify(toOwls[0]?.payload)).toContain('"by_team_name":"Foxes"');
    expect(JSON.stringify(toOwls[0]?.payload)).toContain(`"teamId":${g.teamIds[1]}`);

    // The freeze ends; Owls shield themselves; the next egg misses.
    await t.db.delete(teamEffects).where(and(eq(teamEffects.teamId, g.teamIds[1] ?? 0), eq(teamEffects.kind, 'frozen')));
    const smoke = (await post(g, '/backpack/pickup', owl, { station_id: shieldStation?.id })).json().item;
    expect((await post(g, '/backpack/use', owl, { item_id: smoke.id })).json().result).toMatchObject({ kind: 'smoke_screen' });
    await t.db
      .update(teamItems)
      .set({ usedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(teamItems.id, egg.id));
    await t.db
      .update(teamItems)
      .set({ pickedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(teamItems.stationId, ids.get('Kiosk') ?? 0));
    const egg2 = (await post(g, '/backpack/pickup', fox, { station_id: ids.get('Kiosk') })).json().item;
    expect((await post(g, '/backpack/use', fox, { item_id: egg2.id, target_team_id: g.teamIds[1] })).json().result).toMatchObject({
      hit: false,
      missed_because: 'shielded',
    });
    expect((await get(g, '/backpack', owl)).json<BackpackResponse>().effects.map((e) => e.kind)).toEqual(['shielded']);
  });

  it('refuses the Chicken, players without a team and other games\u2019 tokens', async () => {
    const g = await playedGame(t, admin);
    const other = await playedGame(t, admin);
    expect((await get(g, '/backpack', g.chicken)).json()).toMatchObject({ message: CHICKEN_MESSAGES.noTeam });
    const [fox] = other.members;
    if (!fox) throw new Error('no player');
    expect((await get(g, '/backpack', fox)).statusCode).toBe(403);
    expect((await g.visitor.get(`/api/play/${g.gameCode}/backpack`)).statusCode).toBe(401);
    // A player with no team (joined with none in the lobby, then the team removed).
    await t.db
      .update(players)
      .set({ teamId: null })
      .where(eq(players.id, g.members[0]?.id ?? 0));
    const lone = g.members[0];
    if (!lone) throw new Error('no player');
    expect((await claim(g, lone, 'ABCDEF', CENTRE)).statusCode).toBe(403);
    expect((await post(g, '/backpack/pickup', lone, { station_id: 1 })).statusCode).toBe(403);
    // Nobody asked for the Chicken's screen: no found-code was even made.
    expect(
      await t.db
        .select()
        .from(instanceChickens)
        .where(eq(instanceChickens.instanceId, (await storedHunt(g)).instance.id)),
    ).toEqual([]);
  });
});
