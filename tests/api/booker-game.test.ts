import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookingChanges, bookings, teams } from '../../src/server/domains/booking/tables/bookings';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, games } from '../../src/server/domains/game/tables/games';

let t: TestApp;
let booker: Agent;
beforeAll(async () => {
  t = await createTestApp();
  booker = await t.visitor();
});
afterAll(async () => t.close());

const url = (code: string, tail: string) => `/api/booking/${code}/${tail}`;

/** The booking's private management key, found by its game code (any case); none for an unknown code. */
async function manageKeyOfPath(path: string): Promise<Record<string, string>> {
  const code = (path.split('/')[3] ?? '').toUpperCase();
  const rows = await t.db.select({ key: bookings.manageKey }).from(games).innerJoin(bookings, eq(bookings.id, games.bookingId)).where(eq(games.code, code));
  return rows[0] ? { 'x-manage-key': rows[0].key } : {};
}
/** The organiser: the booker's browser, sending the game's management key with every set-up call. */
const organiser = {
  get: async (path: string) => booker.inject({ method: 'GET', url: path, headers: await manageKeyOfPath(path) }),
  post: async (path: string, payload: object) => booker.inject({ method: 'POST', url: path, payload, headers: await manageKeyOfPath(path) }),
  put: async (path: string, payload: object) => booker.inject({ method: 'PUT', url: path, payload, headers: await manageKeyOfPath(path) }),
};
const changesOf = (bookingId: number) => t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId)).orderBy(asc(bookingChanges.id));
const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const activeIds = async () => (await t.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.isActive, true))).map((c) => c.id);

describe('GET /api/booking/:code/challenges', () => {
  it('lists the active challenges, filterable by spice level', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const [inactive] = await t.db.insert(challenges).values({ name: 'Retired one', description: 'Not any more', isActive: false }).returning();
    const all = await organiser.get(url(gameCode, 'challenges'));
    expect(all.statusCode).toBe(200);
    const list: { id: number; spice_level: string }[] = all.json().challenges;
    expect(list.length).toBe((await activeIds()).length);
    expect(list.map((c) => c.id)).not.toContain(inactive?.id);
    const spicy = await organiser.get(`${url(gameCode, 'challenges')}?spice_level=Spicy`);
    expect(spicy.json().challenges.length).toBeGreaterThan(0);
    expect(spicy.json().challenges.every((c: { spice_level: string }) => c.spice_level === 'Spicy')).toBe(true);
    expect((await organiser.get(`${url(gameCode, 'challenges')}?spice_level=Hot`)).statusCode).toBe(422);
  });

  it('accepts the game code in any case, and refuses a temporary code as a game code (404)', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    expect((await organiser.get(url(gameCode.toLowerCase(), 'challenges'))).statusCode).toBe(200);
    const res = await organiser.get(url(booking.tempCode, 'challenges'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Game not found', code: 'not_found' });
    const unpaid = await createBooking(t.db);
    expect((await organiser.post(url(unpaid.tempCode, 'challenges'), { added_challenges: [] })).statusCode).toBe(404);
    expect((await organiser.post(url(unpaid.tempCode, 'activate'), { booking_id: unpaid.id })).statusCode).toBe(404);
    expect((await organiser.put(url(unpaid.tempCode, 'teams'), { teams: [] })).statusCode).toBe(404);
  });
});

describe('POST /api/booking/:code/challenges', () => {
  it('saves the chosen active challenges in order and records the change', async () => {
    const { gameCode, booking, gameId } = await createPaidBooking(t.db);
    const ids = (await activeIds()).slice(0, 3).reverse();
    const res = await organiser.post(url(gameCode, 'challenges'), { added_challenges: [...ids, ids[0]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.added_challenges).toEqual(ids);
    expect(res.json().booking.game.added_challenges).toEqual(ids);
    const stored = await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId)).orderBy(asc(gameChallenges.position));
    expect(stored.map((s) => s.challengeId)).toEqual(ids);
    const changes = await changesOf(booking.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ source: 'booker', fields: { section: 'challenges', added_challenges: ids } });
    expect(changes[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses inactive or unknown challenges with 422 and changes nothing', async () => {
    const { gameCode, booking, gameId } = await createPaidBooking(t.db);
    const before = await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId));
    const [inactive] = await t.db.insert(challenges).values({ name: 'Inactive', description: 'x', isActive: false }).returning();
    for (const bad of [inactive?.id ?? 0, 999_999]) {
      const res = await organiser.post(url(gameCode, 'challenges'), { added_challenges: [bad] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.added_challenges).toEqual(['Some of these challenges are not available']);
    }
    expect(await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId))).toEqual(before);
    expect(await changesOf(booking.id)).toEqual([]);
  });
});

describe('POST /api/booking/:code/activate', () => {
  it('activates the game when the booking id matches; refuses another id', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const other = await createPaidBooking(t.db);
    const wrong = await organiser.post(url(gameCode, 'activate'), { booking_id: other.booking.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.booking_id).toEqual(['This booking does not match the game code']);
    const res = await organiser.post(url(gameCode, 'activate'), { booking_id: booking.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.game_activated).toBe(true);
    expect(res.json().booking.game.activated).toBe(true);
    // Activating again is harmless and records nothing more.
    expect((await organiser.post(url(gameCode, 'activate'), { booking_id: booking.id })).statusCode).toBe(200);
    const changes = await changesOf(booking.id);
    expect(changes.map((c) => c.fields)).toEqual([{ section: 'activation', activated: true }]);
    expect((await t.db.select().from(games).where(eq(games.code, other.gameCode)))[0]?.activated).toBe(false);
  });
});

describe('PUT /api/booking/:code/locations', () => {
  it('records the booker proposal as requested, owned by the booker; an empty address withdraws it', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await organiser.put(url(gameCode, 'locations'), { meeting_point_address: ' 1 Trafalgar Square ', meeting_point_notes: 'By the lions' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      meeting_point_address: '1 Trafalgar Square',
      meeting_point_notes: 'By the lions',
      meeting_point_status: 'requested',
      meeting_point_owner: 'booker',
      hiding_spot_address: null,
      hiding_spot_status: null,
    });
    const hiding = await organiser.put(url(gameCode, 'locations'), { hiding_spot_address: 'The Crown pub' });
    expect(hiding.json().booking).toMatchObject({
      hiding_spot_address: 'The Crown pub',
      hiding_spot_status: 'requested',
      meeting_point_address: '1 Trafalgar Square',
    });
    const withdrawn = await organiser.put(url(gameCode, 'locations'), { hiding_spot_address: '' });
    expect(withdrawn.json().booking).toMatchObject({ hiding_spot_address: null, hiding_spot_status: null, hiding_spot_owner: null });
    expect((await changesOf(booking.id)).map((c) => c.fields.section)).toEqual(['locations', 'locations', 'locations']);
  });

  it('keeps a spot staff own read-only (409) and changes nothing', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db, {
      hidingSpotAddress: 'Staff venue',
      hidingSpotStatus: 'confirmed',
      hidingSpotOwner: 'admin',
    });
    const res = await organiser.put(url(gameCode, 'locations'), { meeting_point_address: 'Mine', hiding_spot_address: 'Elsewhere' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The hiding spot is managed by our team', code: 'conflict' });
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ hidingSpotAddress: 'Staff venue', meetingPointAddress: null });
    // The meeting point alone is still the booker's to propose.
    expect((await organiser.put(url(gameCode, 'locations'), { meeting_point_address: 'Mine' })).statusCode).toBe(200);
  });

  it('refuses a body without any address (422)', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    expect((await organiser.put(url(gameCode, 'locations'), { meeting_point_notes: 'only notes' })).statusCode).toBe(422);
  });
});

describe('PUT /api/booking/:code/game-area', () => {
  it('moves the game area and records before and after', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await organiser.put(url(gameCode, 'game-area'), { lat: 51.51, lng: -0.12, radius: 1500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ initial_area_lat: 51.51, initial_area_lng: -0.12, initial_area_radius: 1500 });
    const [change] = await changesOf(booking.id);
    expect(change?.fields).toEqual({
      section: 'game_area',
      before: { lat: 51.5074, lng: -0.1278, radius: 1000 },
      after: { lat: 51.51, lng: -0.12, radius: 1500 },
    });
  });

  it('refuses a radius out of range with field errors', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const res = await organiser.put(url(gameCode, 'game-area'), { lat: 51.5, lng: -0.1, radius: 20 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.radius).toEqual(['The radius is at least 100 m']);
  });
});

describe('PUT /api/booking/:code/teams', () => {
  it('adds, renames and removes teams; players are a tidy comma-separated list', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const first = await organiser.put(url(gameCode, 'teams'), {
      teams: [
        { name: 'Foxes', players: 'Ann,  Bob ,, Cy' },
        { name: 'Owls', players: '' },
      ],
    });
    expect(first.statusCode).toBe(200);
    const list: { id: number; name: string; players: string }[] = first.json().booking.teams_list;
    expect(list.map((x) => [x.name, x.players])).toEqual([
      ['Foxes', 'Ann, Bob, Cy'],
      ['Owls', ''],
    ]);
    const foxes = list[0];
    const second = await organiser.put(url(gameCode, 'teams'), {
      teams: [
        { id: foxes?.id, name: 'Red Foxes', players: 'Ann, Bob' },
        { name: 'Hawks', players: 'Dee' },
      ],
    });
    expect(second.json().booking.teams_list).toEqual([
      { id: foxes?.id, name: 'Red Foxes', players: 'Ann, Bob' },
      { id: expect.any(Number), name: 'Hawks', players: 'Dee' },
    ]);
    expect(await t.db.select().from(teams).where(eq(teams.bookingId, booking.id))).toHaveLength(2);
    expect((await changesOf(booking.id)).map((c) => c.fields.section)).toEqual(['teams', 'teams']);
  });

  it('refuses duplicate names, empty names and another booking’s team id', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const dup = await organiser.put(url(gameCode, 'teams'), {
      teams: [
        { name: 'A', players: '' },
        { name: 'a', players: '' },
      ],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe('Each team needs its own name');
    const spaced = await organiser.put(url(gameCode, 'teams'), {
      teams: [
        { name: 'Red Fox', players: '' },
        { name: 'Red  Fox', players: '' },
      ],
    });
    expect({ status: spaced.statusCode, message: spaced.json().message }).toEqual({ status: 422, message: 'Each team needs its own name' });
    const empty = await organiser.put(url(gameCode, 'teams'), { teams: [{ name: '  ', players: '' }] });
    expect(empty.json().errors['teams.0.name']).toEqual(['Please enter a team name']);
    const other = await createPaidBooking(t.db);
    const [foreign] = await t.db.insert(teams).values({ bookingId: other.booking.id, name: 'Theirs' }).returning();
    const stolen = await organiser.put(url(gameCode, 'teams'), { teams: [{ id: foreign?.id, name: 'Mine', players: '' }] });
    expect(stolen.statusCode).toBe(422);
    expect((await t.db.select().from(teams).where(eq(teams.bookingId, other.booking.id)))[0]?.name).toBe('Theirs');
  });
});

describe('PUT /api/booking/:code/chicken', () => {
  it('sets the Chicken; self defaults to the booker’s email; a player needs an email', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const self = await organiser.put(url(gameCode, 'chicken'), { assigned_chicken: 'self', assigned_chicken_email: '' });
    expect(self.json().booking).toMatchObject({ assigned_chicken: 'self', assigned_chicken_email: booking.email });
    const noEmail = await organiser.put(url(gameCode, 'chicken'), { assigned_chicken: 'player', assigned_chicken_email: '' });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.assigned_chicken_email).toEqual(["Please enter the Chicken's email address"]);
    const player = await organiser.put(url(gameCode, 'chicken'), { assigned_chicken: 'player', assigned_chicken_email: 'chick@example.test' });
    expect(player.json().booking).toMatchObject({ assigned_chicken: 'player', assigned_chicken_email: 'chick@example.test' });
    expect((await organiser.put(url(gameCode, 'chicken'), { assigned_chicken: 'team', assigned_chicken_email: 'not an email' })).statusCode).toBe(422);
    expect((await changesOf(booking.id)).map((c) => c.fields)).toEqual([
      { section: 'chicken', assigned_chicken: 'self', assigned_chicken_email: booking.email },
      { section: 'chicken', assigned_chicken: 'player', assigned_chicken_email: 'chick@example.test' },
    ]);
  });
});

describe('locked sections', () => {
  const cases = [
    { flag: 'lockedChallenges', path: 'challenges', method: 'post', body: { added_challenges: [] }, message: 'Challenges are locked by our team' },
    { flag: 'lockedLocations', path: 'locations', method: 'put', body: { meeting_point_address: 'Somewhere' }, message: 'Locations are locked by our team' },
    { flag: 'lockedGameArea', path: 'game-area', method: 'put', body: { lat: 1, lng: 1, radius: 500 }, message: 'The game area is locked by our team' },
    { flag: 'lockedTeams', path: 'teams', method: 'put', body: { teams: [{ name: 'New', players: '' }] }, message: 'Teams are locked by our team' },
    { flag: 'lockedChicken', path: 'chicken', method: 'put', body: { assigned_chicken: 'self' }, message: 'The Chicken is locked by our team' },
  ] as const;

  for (const c of cases) {
    it(`${c.path}: refuses the change by code with 423 and a clear message, and changes nothing`, async () => {
      const { gameCode, booking, gameId } = await createPaidBooking(t.db, { [c.flag]: true });
      const rowBefore = await bookingRow(booking.id);
      const challengesBefore = await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId));
      const res = c.method === 'post' ? await organiser.post(url(gameCode, c.path), c.body) : await organiser.put(url(gameCode, c.path), c.body);
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({ message: c.message, code: 'locked' });
      expect(await bookingRow(booking.id)).toEqual(rowBefore);
      expect(await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId))).toEqual(challengesBefore);
      expect(await t.db.select().from(teams).where(eq(teams.bookingId, booking.id))).toEqual([]);
      expect(await changesOf(booking.id)).toEqual([]);
    });
  }

  it('a lock on one section leaves the others open', async () => {
    const { gameCode } = await createPaidBooking(t.db, { lockedChallenges: true });
    expect((await organiser.put(url(gameCode, 'teams'), { teams: [{ name: 'Open', players: '' }] })).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a change without the CSRF header (419)', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await booker.inject({ method: 'POST', url: url(gameCode, 'activate'), payload: { booking_id: booking.id }, csrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('the game code alone (the players’ join code)', () => {
  const setUpCalls = (bookingId: number) =>
    [
      { method: 'GET', path: 'challenges', payload: undefined },
      { method: 'POST', path: 'challenges', payload: { added_challenges: [] } },
      { method: 'POST', path: 'activate', payload: { booking_id: bookingId } },
      { method: 'PUT', path: 'locations', payload: { meeting_point_address: 'Somewhere else', hiding_spot_address: 'Under the bridge' } },
      { method: 'PUT', path: 'game-area', payload: { lat: 1, lng: 1, radius: 500 } },
      { method: 'PUT', path: 'teams', payload: { teams: [{ name: 'Intruders', players: 'Eve' }] } },
      { method: 'PUT', path: 'chicken', payload: { assigned_chicken: 'player', assigned_chicken_email: 'eve@example.test' } },
    ] as const;

  it('refuses every set-up call with 403 and a clear message, without or with a wrong key, and stores nothing', async () => {
    const { gameCode, booking, gameId } = await createPaidBooking(t.db, { meetingPointAddress: 'Old Square', meetingPointStatus: 'confirmed' });
    const other = await createPaidBooking(t.db);
    const rowBefore = await bookingRow(booking.id);
    const gameBefore = await t.db.select().from(games).where(eq(games.id, gameId));
    const challengesBefore = await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId));
    const player = await t.visitor();
    for (const headers of [{}, { 'x-manage-key': other.booking.manageKey }, { 'x-manage-key': 'x'.repeat(43) }]) {
      for (const call of setUpCalls(booking.id)) {
        const res = await player.inject({ method: call.method, url: url(gameCode, call.path), headers, ...(call.payload ? { payload: call.payload } : {}) });
        expect(res.statusCode, `${call.method} ${call.path}`).toBe(403);
        expect(res.json()).toEqual({
          message: 'This game code lets players join the game but cannot change it. Open the private management link we emailed to the organiser.',
          code: 'forbidden',
        });
      }
    }
    expect(await bookingRow(booking.id)).toEqual(rowBefore);
    expect(await t.db.select().from(games).where(eq(games.id, gameId))).toEqual(gameBefore);
    expect(await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId))).toEqual(challengesBefore);
    expect(await t.db.select().from(teams).where(eq(teams.bookingId, booking.id))).toEqual([]);
    expect(await changesOf(booking.id)).toEqual([]);
  });

  it('reads only the public projection: no hiding spot, contact, prices, payments, notes or tracking', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db, {
      fullName: 'Olive Organiser',
      tel: '+44 7700 900123',
      companyName: 'Secret Co',
      meetingPointAddress: '1 Trafalgar Square',
      meetingPointStatus: 'confirmed',
      meetingPointNotes: 'Ring 4B',
      hidingSpotAddress: 'The Crown pub',
      hidingSpotStatus: 'confirmed',
      adminGeneralNotes: 'VIP client',
      utmSource: 'newsletter',
    });
    await t.db.insert(teams).values({ bookingId: booking.id, name: 'Foxes', players: 'Ann, Bob' });
    const player = await t.visitor();
    const res = await player.get(`/api/booking/${gameCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const seen = res.json().booking;
    expect(seen).toMatchObject({
      access: 'public',
      code: gameCode,
      code_type: 'game',
      city: booking.city,
      meeting_point_address: '1 Trafalgar Square',
      teams_list: [{ id: expect.any(Number), name: 'Foxes' }],
      game_activated: false,
    });
    const text = res.body;
    for (const secret of [
      'The Crown pub',
      'Olive Organiser',
      booking.email,
      '+44 7700 900123',
      'Secret Co',
      'Ring 4B',
      'VIP client',
      'newsletter',
      'Ann, Bob',
      booking.manageKey,
      booking.tempCode,
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const field of [
      'hiding_spot_address',
      'email',
      'full_name',
      'tel',
      'company_name',
      'total_price',
      'booking_payments',
      'manage_key',
      'temp_code',
      'id',
    ]) {
      expect(seen).not.toHaveProperty(field);
    }
  });

  it('shows the meeting point to players only once it is confirmed', async () => {
    const { gameCode } = await createPaidBooking(t.db, { meetingPointAddress: 'Proposed place', meetingPointStatus: 'requested' });
    const res = await (await t.visitor()).get(`/api/booking/${gameCode}`);
    expect(res.json().booking.meeting_point_address).toBeNull();
    expect(res.body).not.toContain('Proposed place');
  });

  it('with the management key: the full read (by code or by /api/manage/{key}) and the set-up calls', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db, { hidingSpotAddress: 'The Crown pub', hidingSpotStatus: 'confirmed' });
    const someone = await t.visitor();
    const byCode = await someone.inject({ method: 'GET', url: `/api/booking/${gameCode}`, headers: { 'x-manage-key': booking.manageKey } });
    expect(byCode.json().booking).toMatchObject({ id: booking.id, hiding_spot_address: 'The Crown pub', email: booking.email, manage_key: booking.manageKey });
    const byKey = await someone.get(`/api/manage/${booking.manageKey}`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().booking).toMatchObject({ id: booking.id, code: gameCode, hiding_spot_address: 'The Crown pub' });
    expect((await someone.get(`/api/manage/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await someone.get('/api/manage/short')).statusCode).toBe(422);
    const saved = await someone.inject({
      method: 'PUT',
      url: url(gameCode, 'teams'),
      headers: { 'x-manage-key': booking.manageKey },
      payload: { teams: [{ name: 'Owls', players: '' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().booking.teams_list).toEqual([{ id: expect.any(Number), name: 'Owls', players: '' }]);
  });
});

describe('the management key stays private', () => {
  it('is not in the staff CSV export, which travels by file', async () => {
    const { booking } = await createPaidBooking(t.db);
    const admin = await t.as('admin');
    const res = await admin.get('/api/admin/bookings/export');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).not.toContain('manage_key');
    expect(res.body).not.toContain(booking.manageKey);
  });
});
