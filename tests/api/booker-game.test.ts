import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookingChanges, bookings, teams } from '../../src/server/db/schema/bookings';
import { challenges } from '../../src/server/db/schema/challenges';
import { gameChallenges, games } from '../../src/server/db/schema/games';
import { mailOutbox } from '../../src/server/db/schema/system';
import { notifyLocationConfirmed, notifySectionLocked } from '../../src/server/lib/booker-notifications';

let t: TestApp;
let booker: Agent;
beforeAll(async () => {
  t = await createTestApp();
  booker = await t.visitor();
});
afterAll(async () => t.close());

const url = (code: string, tail: string) => `/api/booking/${code}/${tail}`;
const changesOf = (bookingId: number) =>
  t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId)).orderBy(asc(bookingChanges.id));
const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const activeIds = async () => (await t.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.isActive, true))).map((c) => c.id);

describe('GET /api/booking/:code/challenges', () => {
  it('lists the active challenges, filterable by spice level', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const [inactive] = await t.db.insert(challenges).values({ name: 'Retired one', description: 'Not any more', isActive: false }).returning();
    const all = await booker.get(url(gameCode, 'challenges'));
    expect(all.statusCode).toBe(200);
    const list: { id: number; spice_level: string }[] = all.json().challenges;
    expect(list.length).toBe((await activeIds()).length);
    expect(list.map((c) => c.id)).not.toContain(inactive?.id);
    const spicy = await booker.get(`${url(gameCode, 'challenges')}?spice_level=Spicy`);
    expect(spicy.json().challenges.length).toBeGreaterThan(0);
    expect(spicy.json().challenges.every((c: { spice_level: string }) => c.spice_level === 'Spicy')).toBe(true);
    expect((await booker.get(`${url(gameCode, 'challenges')}?spice_level=Hot`)).statusCode).toBe(422);
  });

  it('accepts the game code in any case, and refuses a temporary code as a game code (404)', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    expect((await booker.get(url(gameCode.toLowerCase(), 'challenges'))).statusCode).toBe(200);
    const res = await booker.get(url(booking.tempCode, 'challenges'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Game not found' });
    const unpaid = await createBooking(t.db);
    expect((await booker.post(url(unpaid.tempCode, 'challenges'), { added_challenges: [] })).statusCode).toBe(404);
    expect((await booker.post(url(unpaid.tempCode, 'activate'), { booking_id: unpaid.id })).statusCode).toBe(404);
    expect((await booker.put(url(unpaid.tempCode, 'teams'), { teams: [] })).statusCode).toBe(404);
  });
});

describe('POST /api/booking/:code/challenges', () => {
  it('saves the chosen active challenges in order and records the change', async () => {
    const { gameCode, booking, gameId } = await createPaidBooking(t.db);
    const ids = (await activeIds()).slice(0, 3).reverse();
    const res = await booker.post(url(gameCode, 'challenges'), { added_challenges: [...ids, ids[0]] });
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
      const res = await booker.post(url(gameCode, 'challenges'), { added_challenges: [bad] });
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
    const wrong = await booker.post(url(gameCode, 'activate'), { booking_id: other.booking.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.booking_id).toEqual(['This booking does not match the game code']);
    const res = await booker.post(url(gameCode, 'activate'), { booking_id: booking.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.game_activated).toBe(true);
    expect(res.json().booking.game.activated).toBe(true);
    // Activating again is harmless and records nothing more.
    expect((await booker.post(url(gameCode, 'activate'), { booking_id: booking.id })).statusCode).toBe(200);
    const changes = await changesOf(booking.id);
    expect(changes.map((c) => c.fields)).toEqual([{ section: 'activation', activated: true }]);
    expect((await t.db.select().from(games).where(eq(games.code, other.gameCode)))[0]?.activated).toBe(false);
  });
});

describe('PUT /api/booking/:code/locations', () => {
  it('records the booker proposal as requested, owned by the booker; an empty address withdraws it', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await booker.put(url(gameCode, 'locations'), { meeting_point_address: ' 1 Trafalgar Square ', meeting_point_notes: 'By the lions' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      meeting_point_address: '1 Trafalgar Square',
      meeting_point_notes: 'By the lions',
      meeting_point_status: 'requested',
      meeting_point_owner: 'booker',
      hiding_spot_address: null,
      hiding_spot_status: null,
    });
    const hiding = await booker.put(url(gameCode, 'locations'), { hiding_spot_address: 'The Crown pub' });
    expect(hiding.json().booking).toMatchObject({ hiding_spot_address: 'The Crown pub', hiding_spot_status: 'requested', meeting_point_address: '1 Trafalgar Square' });
    const withdrawn = await booker.put(url(gameCode, 'locations'), { hiding_spot_address: '' });
    expect(withdrawn.json().booking).toMatchObject({ hiding_spot_address: null, hiding_spot_status: null, hiding_spot_owner: null });
    expect((await changesOf(booking.id)).map((c) => c.fields.section)).toEqual(['locations', 'locations', 'locations']);
  });

  it('keeps a spot staff own read-only (409) and changes nothing', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db, {
      hidingSpotAddress: 'Staff venue',
      hidingSpotStatus: 'confirmed',
      hidingSpotOwner: 'admin',
    });
    const res = await booker.put(url(gameCode, 'locations'), { meeting_point_address: 'Mine', hiding_spot_address: 'Elsewhere' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The hiding spot is managed by our team' });
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ hidingSpotAddress: 'Staff venue', meetingPointAddress: null });
    // The meeting point alone is still the booker's to propose.
    expect((await booker.put(url(gameCode, 'locations'), { meeting_point_address: 'Mine' })).statusCode).toBe(200);
  });

  it('refuses a body without any address (422)', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    expect((await booker.put(url(gameCode, 'locations'), { meeting_point_notes: 'only notes' })).statusCode).toBe(422);
  });
});

describe('PUT /api/booking/:code/game-area', () => {
  it('moves the game area and records before and after', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await booker.put(url(gameCode, 'game-area'), { lat: 51.51, lng: -0.12, radius: 1500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ initial_area_lat: 51.51, initial_area_lng: -0.12, initial_area_radius: 1500 });
    const [change] = await changesOf(booking.id);
    expect(change?.fields).toEqual({ section: 'game_area', before: { lat: 51.5074, lng: -0.1278, radius: 1000 }, after: { lat: 51.51, lng: -0.12, radius: 1500 } });
  });

  it('refuses a radius out of range with field errors', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const res = await booker.put(url(gameCode, 'game-area'), { lat: 51.5, lng: -0.1, radius: 20 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.radius).toEqual(['The radius is at least 100 m']);
  });
});

describe('PUT /api/booking/:code/teams', () => {
  it('adds, renames and removes teams; players are a tidy comma-separated list', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const first = await booker.put(url(gameCode, 'teams'), {
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
    const second = await booker.put(url(gameCode, 'teams'), { teams: [{ id: foxes?.id, name: 'Red Foxes', players: 'Ann, Bob' }, { name: 'Hawks', players: 'Dee' }] });
    expect(second.json().booking.teams_list).toEqual([
      { id: foxes?.id, name: 'Red Foxes', players: 'Ann, Bob' },
      { id: expect.any(Number), name: 'Hawks', players: 'Dee' },
    ]);
    expect(await t.db.select().from(teams).where(eq(teams.bookingId, booking.id))).toHaveLength(2);
    expect((await changesOf(booking.id)).map((c) => c.fields.section)).toEqual(['teams', 'teams']);
  });

  it('refuses duplicate names, empty names and another booking’s team id', async () => {
    const { gameCode } = await createPaidBooking(t.db);
    const dup = await booker.put(url(gameCode, 'teams'), { teams: [{ name: 'A', players: '' }, { name: 'a', players: '' }] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe('Each team needs its own name');
    const empty = await booker.put(url(gameCode, 'teams'), { teams: [{ name: '  ', players: '' }] });
    expect(empty.json().errors['teams.0.name']).toEqual(['Please enter a team name']);
    const other = await createPaidBooking(t.db);
    const [foreign] = await t.db.insert(teams).values({ bookingId: other.booking.id, name: 'Theirs' }).returning();
    const stolen = await booker.put(url(gameCode, 'teams'), { teams: [{ id: foreign?.id, name: 'Mine', players: '' }] });
    expect(stolen.statusCode).toBe(422);
    expect((await t.db.select().from(teams).where(eq(teams.bookingId, other.booking.id)))[0]?.name).toBe('Theirs');
  });
});

describe('PUT /api/booking/:code/chicken', () => {
  it('sets the Chicken; self defaults to the booker’s email; a player needs an email', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const self = await booker.put(url(gameCode, 'chicken'), { assigned_chicken: 'self', assigned_chicken_email: '' });
    expect(self.json().booking).toMatchObject({ assigned_chicken: 'self', assigned_chicken_email: booking.email });
    const noEmail = await booker.put(url(gameCode, 'chicken'), { assigned_chicken: 'player', assigned_chicken_email: '' });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.assigned_chicken_email).toEqual(["Please enter the Chicken's email address"]);
    const player = await booker.put(url(gameCode, 'chicken'), { assigned_chicken: 'player', assigned_chicken_email: 'chick@example.test' });
    expect(player.json().booking).toMatchObject({ assigned_chicken: 'player', assigned_chicken_email: 'chick@example.test' });
    expect((await booker.put(url(gameCode, 'chicken'), { assigned_chicken: 'team', assigned_chicken_email: 'not an email' })).statusCode).toBe(422);
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
      const res = c.method === 'post' ? await booker.post(url(gameCode, c.path), c.body) : await booker.put(url(gameCode, c.path), c.body);
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({ message: c.message });
      expect(await bookingRow(booking.id)).toEqual(rowBefore);
      expect(await t.db.select().from(gameChallenges).where(eq(gameChallenges.gameId, gameId))).toEqual(challengesBefore);
      expect(await t.db.select().from(teams).where(eq(teams.bookingId, booking.id))).toEqual([]);
      expect(await changesOf(booking.id)).toEqual([]);
    });
  }

  it('a lock on one section leaves the others open', async () => {
    const { gameCode } = await createPaidBooking(t.db, { lockedChallenges: true });
    expect((await booker.put(url(gameCode, 'teams'), { teams: [{ name: 'Open', players: '' }] })).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a change without the CSRF header (419)', async () => {
    const { gameCode, booking } = await createPaidBooking(t.db);
    const res = await booker.inject({ method: 'POST', url: url(gameCode, 'activate'), payload: { booking_id: booking.id }, csrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('booker notifications (for staff actions)', () => {
  it('notifyLocationConfirmed writes a mail to the booker in the outbox', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { meetingPointAddress: '10 Downing St', meetingPointNotes: 'Black door', fullName: 'Pat' });
    await t.db.transaction((tx) => notifyLocationConfirmed(tx, t.app.deps.mail, { bookingId: booking.id, spot: 'meeting_point', publicUrl: 'https://hatch.example/' }));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, booking.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your meeting point is confirmed', kind: 'booker.location_confirmed.meeting_point' });
    expect(mails[0]?.text).toContain('10 Downing St');
    expect(mails[0]?.text).toContain('Black door');
    expect(mails[0]?.text).toContain(`https://hatch.example/booking/${gameCode}`);
  });

  it('notifySectionLocked writes a mail naming the section; nothing is queued if the transaction fails', async () => {
    const { booking } = await createPaidBooking(t.db);
    await t.db.transaction((tx) => notifySectionLocked(tx, t.app.deps.mail, { bookingId: booking.id, section: 'teams' }));
    await expect(
      t.db.transaction(async (tx) => {
        await notifySectionLocked(tx, t.app.deps.mail, { bookingId: booking.id, section: 'chicken' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, booking.email));
    expect(mails.map((m) => [m.subject, m.kind])).toEqual([['Teams: set by our team', 'booker.section_locked.teams']]);
    expect(mails[0]?.text).toContain('can no longer be changed online');
  });

  it('notifySectionLocked names several sections in one mail', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    await t.db.transaction((tx) => notifySectionLocked(tx, t.app.deps.mail, { bookingId: booking.id, section: ['challenges', 'game_area'] }));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, booking.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Challenges, Game area: set by our team');
    expect(mails[0]?.text).toContain(`these parts of your game ${gameCode}: Challenges, Game area.`);
  });
});
