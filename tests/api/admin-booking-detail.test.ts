import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { bookings, contactHistory } from '../../src/server/domains/booking/tables/bookings';
import { gameInstances, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { DETAIL_MESSAGES, heartbeatSchema } from '../../src/shared/api/admin-booking-detail';
import { adminBookingResponse } from '../../src/shared/api/booking';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Ada Admin' });
});
afterAll(async () => t.close());

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const bookingOf = (res: { json(): unknown }) => adminBookingResponse.parse(res.json()).booking;

async function activities(bookingId: number, action: string) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.bookingId, bookingId), eq(activityLog.action, action)));
}
async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe('GET /api/admin/bookings/:id', () => {
  it('answers the full staff record', async () => {
    const b = await createBooking(t.db, { companyName: 'Acme', utmSource: 'instagram' });
    const res = await admin.get(url(b.id));
    expect(res.statusCode).toBe(200);
    const booking = bookingOf(res);
    expect(booking).toMatchObject({ id: b.id, code: b.tempCode, code_type: 'temp', company_name: 'Acme', source: 'instagram', game: null, version: 1 });
  });

  it('answers 404 Booking not found for an unknown id', async () => {
    const res = await admin.get(url(999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
  });
});

describe('PATCH /api/admin/bookings/:id', () => {
  it('updates the general notes, bumps the version and logs before/after', async () => {
    const b = await createBooking(t.db);
    const res = await admin.patch(url(b.id), { admin_general_notes: 'Call back on Monday', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(bookingOf(res)).toMatchObject({ admin_general_notes: 'Call back on Monday', version: 2 });
    const [entry] = await activities(b.id, 'booking.general_notes');
    expect(entry).toMatchObject({ actorId: admin.userId, before: { admin_general_notes: null }, after: { admin_general_notes: 'Call back on Monday' } });
  });

  it('moves the date and meeting time into the given zone', async () => {
    const b = await createBooking(t.db);
    const res = await admin.patch(url(b.id), { utcDateTime: '2031-01-10T17:30:00.000Z', timezone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    expect(bookingOf(res)).toMatchObject({
      utcDateTime: '2031-01-10T17:30:00.000Z',
      timezone: 'America/New_York',
      date: '2031-01-10',
      meeting_time: { hour: 12, minute: 30 },
    });
  });

  it('refuses a date without a valid timezone', async () => {
    const b = await createBooking(t.db);
    const missing = await admin.patch(url(b.id), { utcDateTime: '2031-01-10T17:30:00.000Z' });
    expect(missing.statusCode).toBe(422);
    const bad = await admin.patch(url(b.id), { utcDateTime: '2031-01-10T17:30:00.000Z', timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(DETAIL_MESSAGES.invalidTimezone);
    const notIso = await admin.patch(url(b.id), { utcDateTime: 'tomorrow', timezone: 'Europe/London' });
    expect(notIso.statusCode).toBe(422);
    expect(notIso.json().message).toBe('Invalid date/time');
  });

  it('assigns a host, and only a host', async () => {
    const b = await createBooking(t.db, { hosted: true });
    const host = await t.createUser({ role: 'host', name: 'Harriet Host' });
    const plain = await t.createUser({ role: 'user' });
    const ok = await admin.patch(url(b.id), { assigned_host_id: host.id });
    expect(ok.statusCode).toBe(200);
    expect(bookingOf(ok)).toMatchObject({ assigned_host_id: host.id, assigned_host_name: 'Harriet Host', assigned_host_email: host.email });
    for (const assigned_host_id of [plain.id, null, 987_654]) {
      const res = await admin.patch(url(b.id), { assigned_host_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Please select a host');
    }
  });

  it('sets the meeting point as confirmed and owned by staff', async () => {
    const b = await createBooking(t.db);
    const res = await admin.patch(url(b.id), { meeting_point_address: '  Trafalgar Square  ' });
    expect(bookingOf(res)).toMatchObject({ meeting_point_address: 'Trafalgar Square', meeting_point_status: 'confirmed', meeting_point_owner: 'admin' });
    const empty = await admin.patch(url(b.id), { meeting_point_address: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please enter a meeting point');
  });

  it('sets the hiding spot and emails the designated chicken in the same transaction', async () => {
    const withChicken = await createBooking(t.db, { assignedChicken: 'player', assignedChickenEmail: `chick-${Date.now()}@example.test` });
    const res = await admin.patch(url(withChicken.id), { hiding_spot_address: '  Behind the bandstand ' });
    expect(res.statusCode).toBe(200);
    expect(bookingOf(res)).toMatchObject({ hiding_spot_address: 'Behind the bandstand', hiding_spot_status: 'confirmed', hiding_spot_owner: 'admin' });
    const mails = await mailsTo(withChicken.assignedChickenEmail ?? '');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Behind the bandstand');
    expect(mails[0]?.kind).toBe('booking.hiding_spot');

    // No chicken email: the booker is the chicken.
    const plain = await createBooking(t.db);
    await admin.patch(url(plain.id), { hiding_spot_address: 'Under the bridge' });
    expect(await mailsTo(plain.email)).toHaveLength(1);

    const empty = await admin.patch(url(plain.id), { hiding_spot_address: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please enter a hiding spot address');
  });

  it('takes exactly one field', async () => {
    const b = await createBooking(t.db);
    const none = await admin.patch(url(b.id), { version: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(DETAIL_MESSAGES.exactlyOne);
    const two = await admin.patch(url(b.id), { admin_general_notes: 'x', meeting_point_address: 'y' });
    expect(two.statusCode).toBe(422);
    const other = await admin.patch(url(b.id), { players: 40 });
    expect(other.statusCode).toBe(422);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ version: 1, adminGeneralNotes: null, meetingPointAddress: null, players: 8 });
  });

  it('refuses a stale version with 409 and changes nothing (body or If-Match)', async () => {
    const b = await createBooking(t.db);
    expect((await admin.patch(url(b.id), { admin_general_notes: 'first', version: 1 })).statusCode).toBe(200);
    const stale = await admin.patch(url(b.id), { admin_general_notes: 'second', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: DETAIL_MESSAGES.stale, code: 'conflict' });
    const staleHeader = await admin.patch(url(b.id), { hiding_spot_address: 'Somewhere' }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ adminGeneralNotes: 'first', hidingSpotAddress: null, version: 2 });
    expect(await mailsTo(b.email)).toHaveLength(0);
    const fresh = await admin.patch(url(b.id), { admin_general_notes: 'second' }, { 'if-match': '"2"' });
    expect(bookingOf(fresh)).toMatchObject({ admin_general_notes: 'second', version: 3 });
  });

  it('refuses a stale version on every change that takes one, and changes nothing', async () => {
    const { booking, gameId } = await createPaidBooking(t.db);
    const host = await t.createUser({ role: 'host' });
    const [{ version } = { version: 0 }] = await t.db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, booking.id));
    const stale = version - 1 || 99;
    const calls = [
      admin.post(url(booking.id, '/lead-status'), { lead_status: 'lost', lead_status_reason: 'x', version: stale }),
      admin.post(url(booking.id, '/toggle-weapons'), { weapons_on: true, version: stale }),
      admin.post(url(booking.id, '/emergency-change-host'), { host_id: host.id, version: stale }),
      admin.post(url(booking.id, '/notes'), { note: 'x', type: 'note', version: stale }),
      admin.post(url(booking.id, '/payments'), { payment_type: 'cash', payment_amount: 100, version: stale }),
      admin.post(url(booking.id, '/start-game'), undefined, { 'if-match': `"${stale}"` }),
      admin.post(url(booking.id, '/lead-status'), { lead_status: 'lost', lead_status_reason: 'x' }, { 'if-match': `"${stale}"` }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: DETAIL_MESSAGES.stale, code: 'conflict' });
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    // The payment that made it paid converted the lead.
    expect(row).toMatchObject({ version, leadStatus: 'converted', assignedHostId: null });
    expect(await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId))).toHaveLength(0);
    const ok = await admin.post(url(booking.id, '/lead-status'), { lead_status: 'lost', lead_status_reason: 'x' }, { 'if-match': `"${version}"` });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses text the database cannot store and dates out of range, never a 500', async () => {
    const b = await createBooking(t.db);
    for (const body of [
      { admin_general_notes: 'a\u0000b' },
      { meeting_point_address: 'a\u0000b' },
      { utcDateTime: '0000-01-01T00:00:00Z', timezone: 'Europe/London' },
      { utcDateTime: '9999-12-31T23:59:00Z', timezone: 'Europe/London' },
    ]) {
      expect((await admin.patch(url(b.id), body)).statusCode).toBe(422);
    }
    expect((await admin.post(url(b.id, '/notes'), { note: '\u0000', type: 'note' })).statusCode).toBe(422);
    expect((await admin.patch(url(b.id), { admin_general_notes: 'x' }, { 'if-match': 'yesterday' })).statusCode).toBe(422);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row?.version).toBe(1);
  });

  it('answers 404 for an unknown booking', async () => {
    const res = await admin.patch(url(999_998), { admin_general_notes: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
  });
});

describe('POST /api/admin/bookings/:id/notes', () => {
  it('adds a typed note with its author, newest first', async () => {
    const b = await createBooking(t.db);
    await admin.post(url(b.id, '/notes'), { note: 'Left a voicemail', type: 'phone' });
    const res = await admin.post(url(b.id, '/notes'), { note: '  Sent the brochure ', type: 'email' });
    expect(res.statusCode).toBe(200);
    const history = bookingOf(res).contact_history;
    expect(history.map((h) => [h.type, h.note, h.author_name])).toEqual([
      ['email', 'Sent the brochure', 'Ada Admin'],
      ['phone', 'Left a voicemail', 'Ada Admin'],
    ]);
    expect(await activities(b.id, 'booking.note')).toHaveLength(2);
  });

  it('refuses an empty note and an unknown type', async () => {
    const b = await createBooking(t.db);
    const empty = await admin.post(url(b.id, '/notes'), { note: '   ', type: 'note' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(DETAIL_MESSAGES.note);
    expect((await admin.post(url(b.id, '/notes'), { note: 'x', type: 'fax' })).statusCode).toBe(422);
    expect(await t.db.select().from(contactHistory).where(eq(contactHistory.bookingId, b.id))).toHaveLength(0);
  });
});

describe('POST /api/admin/bookings/:id/lead-status', () => {
  it('changes the status, stamps the time and writes exactly one note', async () => {
    const b = await createBooking(t.db, { bookingStatus: 'lead' });
    const res = await admin.post(url(b.id, '/lead-status'), { lead_status: 'trash', lead_status_reason: 'Spam enquiry' });
    expect(res.statusCode).toBe(200);
    const booking = bookingOf(res);
    expect(booking).toMatchObject({ lead_status: 'trash', lead_status_reason: 'Spam enquiry' });
    expect(booking.lead_status_changed_at).not.toBeNull();
    expect(booking.contact_history.map((h) => h.note)).toEqual(['Lead status changed to trash: Spam enquiry']);
    const [entry] = await activities(b.id, 'booking.lead_status');
    expect(entry).toMatchObject({ before: { lead_status: 'new' }, after: { lead_status: 'trash', lead_status_reason: 'Spam enquiry' } });
  });

  it('needs a reason and a known status', async () => {
    const b = await createBooking(t.db);
    const noReason = await admin.post(url(b.id, '/lead-status'), { lead_status: 'lost', lead_status_reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(DETAIL_MESSAGES.leadReason);
    expect((await admin.post(url(b.id, '/lead-status'), { lead_status: 'won', lead_status_reason: 'x' })).statusCode).toBe(422);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row?.leadStatus).toBe('new');
  });
});

describe('POST /api/admin/bookings/:id/payments', () => {
  it('records a payment in pence: the booking becomes paid with a game and its code', async () => {
    const b = await createBooking(t.db);
    const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 12_050 });
    expect(res.statusCode).toBe(201);
    const booking = bookingOf(res);
    expect(booking.booking_status).toBe('paid');
    expect(booking.code_type).toBe('game');
    expect(booking.game?.code).toMatch(/^[0-9A-Z]{10}$/);
    expect(booking.code).toBe(booking.game?.code);
    expect(booking.booking_payments).toMatchObject([{ payment_type: 'card', payment_amount: 12_050 }]);
    const second = bookingOf(await admin.post(url(b.id, '/payments'), { payment_type: 'cash', payment_amount: 500 }));
    expect(second.game?.code).toBe(booking.game?.code);
    expect(second.booking_payments).toHaveLength(2);
    expect(await activities(b.id, 'payment.record')).toHaveLength(2);
  });

  it('refuses amounts that are not positive whole pence, and a missing type', async () => {
    const b = await createBooking(t.db);
    for (const payment_amount of [0, -5, 12.5, '100']) {
      const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(DETAIL_MESSAGES.paymentAmount);
    }
    expect((await admin.post(url(b.id, '/payments'), { payment_type: ' ', payment_amount: 100 })).statusCode).toBe(422);
    expect((await admin.post(url(999_997, '/payments'), { payment_type: 'card', payment_amount: 100 })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/bookings/:id/start-game', () => {
  it('starts a live instance once and answers the code; a second start is 409', async () => {
    const { booking, gameCode, gameId } = await createPaidBooking(t.db, startableSchedule());
    const res = await admin.post(url(booking.id, '/start-game'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: gameCode });
    const instances = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId));
    expect(instances).toHaveLength(1);
    expect(instances[0]?.status).toBe('live');
    expect(Math.abs((instances[0]?.startTime.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const again = await admin.post(url(booking.id, '/start-game'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Game already started', code: 'conflict' });
    expect(await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId))).toHaveLength(1);
    expect(bookingOf(await admin.get(url(booking.id))).game?.has_live_instance).toBe(true);
    expect(await activities(booking.id, 'game.start')).toHaveLength(1);
  });

  it('starts once when two staff press Start Game together', { tags: ['postgres'] }, async () => {
    const { booking, gameId } = await createPaidBooking(t.db, startableSchedule());
    const other = await t.as('admin');
    const results = await Promise.all([admin.post(url(booking.id, '/start-game')), other.post(url(booking.id, '/start-game'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId))).toHaveLength(1);
  });

  it('needs a paid booking (with its game)', async () => {
    const b = await createBooking(t.db);
    const res = await admin.post(url(b.id, '/start-game'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DETAIL_MESSAGES.notPaid);
  });
});

describe('POST /api/admin/bookings/:id/toggle-weapons', () => {
  it('flips weapons on and off', async () => {
    const { booking } = await createPaidBooking(t.db);
    const on = await admin.post(url(booking.id, '/toggle-weapons'), { weapons_on: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ weapons_on: true, booking: { game: { weapons_on: true } } });
    const off = await admin.post(url(booking.id, '/toggle-weapons'), { weapons_on: false });
    expect(off.json()).toMatchObject({ weapons_on: false, booking: { game: { weapons_on: false } } });
    expect(await activities(booking.id, 'game.weapons')).toHaveLength(2);
  });

  it('without a game: 422 No game associated with this booking', async () => {
    const b = await createBooking(t.db);
    const res = await admin.post(url(b.id, '/toggle-weapons'), { weapons_on: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No game associated with this booking');
    expect((await admin.post(url(b.id, '/toggle-weapons'), {})).statusCode).toBe(422);
  });
});

describe("confirming the booker's requested spot (issue 28)", () => {
  it('confirms the proposal staff saw; one the booker changed since is refused (409) and stays requested', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    const organiser = await t.visitor();
    const propose = (address: string) =>
      organiser.inject({
        method: 'PUT',
        url: `/api/booking/${gameCode}/locations`,
        headers: { 'x-manage-key': booking.manageKey },
        payload: { hiding_spot_address: address },
      });
    expect((await propose('Behind the old oak')).statusCode).toBe(200);
    const seen = bookingOf(await admin.get(url(booking.id)));
    expect(seen).toMatchObject({ hiding_spot_address: 'Behind the old oak', hiding_spot_status: 'requested', hiding_spot_owner: 'booker' });
    // The booker changes it while staff look at the old one: Confirm on the old version confirms nothing.
    expect((await propose('By the bandstand')).statusCode).toBe(200);
    const stale = await admin.patch(url(booking.id), { hiding_spot_address: 'Behind the old oak', version: seen.version });
    expect(stale.statusCode).toBe(409);
    const now = bookingOf(await admin.get(url(booking.id)));
    expect(now).toMatchObject({ hiding_spot_address: 'By the bandstand', hiding_spot_status: 'requested' });
    const confirmed = await admin.patch(url(booking.id), { hiding_spot_address: 'By the bandstand', version: now.version });
    expect(confirmed.statusCode).toBe(200);
    expect(bookingOf(confirmed)).toMatchObject({ hiding_spot_address: 'By the bandstand', hiding_spot_status: 'confirmed', hiding_spot_owner: 'admin' });
  });
});

describe('one host per booking and game (issue 28)', () => {
  it('assigning a host hands the game to them: the game shows them, the host before loses the console', async () => {
    const { booking, gameCode: code } = await createPaidBooking(t.db, { hosted: true });
    const first = await t.as('host', { name: 'First Host' });
    const second = await t.as('host', { name: 'Second Host' });
    const one = await admin.patch(url(booking.id), { assigned_host_id: first.userId });
    expect(one.statusCode).toBe(200);
    expect(bookingOf(one)).toMatchObject({ assigned_host_id: first.userId, game: { host_id: first.userId } });
    expect((await first.get(`/api/host/games/${code}`)).statusCode).toBe(200);

    const two = await admin.patch(url(booking.id), { assigned_host_id: second.userId });
    expect(bookingOf(two)).toMatchObject({ assigned_host_id: second.userId, assigned_host_name: 'Second Host', game: { host_id: second.userId } });
    expect((await second.get(`/api/host/games/${code}`)).statusCode).toBe(200);
    // Replaced: the first host no longer runs this game (before, the game kept them and both could).
    expect((await first.get(`/api/host/games/${code}`)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/bookings/:id/emergency-change-host', () => {
  it('moves the game and the booking to the new host', async () => {
    const { booking, gameId } = await createPaidBooking(t.db, { hosted: true });
    const host = await t.createUser({ role: 'host', name: 'Stand-in Host' });
    const res = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: String(host.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Emergency host change successful',
      booking: { assigned_host_id: host.id, assigned_host_name: 'Stand-in Host', game: { host_id: host.id } },
    });
    // One home for the host (issue 36): the booking's, which the game's screens and rights read.
    const [row] = await t.db.select({ host: bookings.assignedHostId }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.host).toBe(host.id);
    expect(gameId).toBeGreaterThan(0);
  });

  it('checks the user ID, the host role and the game', async () => {
    const { booking } = await createPaidBooking(t.db);
    const empty = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please enter a user ID');
    expect((await admin.post(url(booking.id, '/emergency-change-host'), {})).json().message).toBe('Please enter a user ID');
    const unknown = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: 987_000 });
    expect(unknown.json()).toMatchObject({ message: DETAIL_MESSAGES.userNotFound });
    const plain = await t.createUser({ role: 'user' });
    const notHost = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: plain.id });
    expect(notHost.statusCode).toBe(422);
    expect(notHost.json().message).toBe(DETAIL_MESSAGES.notAHost);
    const host = await t.createUser({ role: 'host' });
    const unpaid = await createBooking(t.db);
    const noGame = await admin.post(url(unpaid.id, '/emergency-change-host'), { host_id: host.id });
    expect(noGame.statusCode).toBe(422);
    expect(noGame.json().message).toBe('No game associated with this booking');
  });
});

describe('PATCH /api/admin/bookings/:id/locks', () => {
  it('locks and unlocks sections and emails the booker about newly locked ones', async () => {
    const b = await createBooking(t.db);
    const res = await admin.patch(url(b.id, '/locks'), { locations: true, challenges: true, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(bookingOf(res)).toMatchObject({ locked_locations: true, locked_challenges: true, locked_game_area: false, version: 2 });
    const mails = await mailsTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Locations, Challenges');
    const unlock = await admin.patch(url(b.id, '/locks'), { locations: false });
    expect(bookingOf(unlock)).toMatchObject({ locked_locations: false, locked_challenges: true });
    expect(await mailsTo(b.email)).toHaveLength(1);
    const [entry] = await activities(b.id, 'booking.locks');
    expect(entry).toMatchObject({ before: { locations: false, challenges: false }, after: { locations: true, challenges: true } });
  });

  it('needs at least one section and a fresh version', async () => {
    const b = await createBooking(t.db);
    expect((await admin.patch(url(b.id, '/locks'), {})).statusCode).toBe(422);
    expect((await admin.patch(url(b.id, '/locks'), { teams: true, version: 7 })).statusCode).toBe(409);
  });
});

describe('GET /api/admin/bookings/:id/game-heartbeat', () => {
  it('is empty without a game and 404 for an unknown booking', async () => {
    const b = await createBooking(t.db);
    const res = await admin.get(url(b.id, '/game-heartbeat'));
    expect(res.json()).toEqual({ game_code: null, live_instances_count: 0, instances: [] });
    expect((await admin.get(url(999_996, '/game-heartbeat'))).statusCode).toBe(404);
  });

  it('reads instances, teams, players and submissions from the game rows', async () => {
    const { booking, gameId, gameCode } = await createPaidBooking(t.db);
    const start = new Date(Date.now() - 45 * 60_000);
    const [old] = await t.db
      .insert(gameInstances)
      .values({ gameId, status: 'ended', startTime: new Date(Date.now() - 3 * 3_600_000), endTime: new Date(Date.now() - 3 * 3_600_000 + 90 * 60_000) })
      .returning();
    const [live] = await t.db
      .insert(gameInstances)
      .values({ gameId, status: 'live', startTime: start, latestArea: { lat: 51.5, lng: -0.12, radius: 800 } })
      .returning();
    if (!live || !old) throw new Error('seed failed');
    // The Owls scored more challenge points; the Foxes found the Chicken (+50) and lead (decision 0240).
    const [owls, foxes] = await t.db
      .insert(instanceTeams)
      .values([
        { instanceId: live.id, name: 'Owls', nameKey: 'owls', points: 20 },
        { instanceId: live.id, name: 'Foxes', nameKey: 'foxes', points: 15, chickenPoints: 50, foundChickenAt: new Date(start.getTime() + 30 * 60_000) },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('seed failed');
    await t.db.insert(players).values([
      { instanceId: live.id, teamId: foxes.id, name: 'Fran', ready: true },
      { instanceId: live.id, teamId: owls.id, name: 'Oscar', ready: false },
    ]);
    await t.db.insert(submissions).values([
      { instanceId: live.id, teamId: owls.id, status: 'approved', pointsAwarded: 20, submittedAt: new Date(start.getTime() + 5 * 60_000) },
      { instanceId: live.id, teamId: foxes.id, status: 'approved', pointsAwarded: 15, submittedAt: new Date(start.getTime() + 10 * 60_000) },
      { instanceId: live.id, teamId: owls.id, status: 'pending', pointsAwarded: 0, submittedAt: new Date(start.getTime() + 20 * 60_000) },
    ]);

    const res = await admin.get(url(booking.id, '/game-heartbeat'));
    expect(res.statusCode).toBe(200);
    const hb = heartbeatSchema.parse(res.json());
    expect(hb.game_code).toBe(gameCode);
    expect(hb.live_instances_count).toBe(1);
    expect(hb.instances.map((i) => i.id)).toEqual([live.id, old.id]);
    const [first, second] = hb.instances;
    expect(first).toMatchObject({
      status: 'live',
      end_time: null,
      submissions_count: 3,
      latest_submission: { team_name: 'Owls', status: 'pending', points_awarded: 0 },
      latest_area: { lat: 51.5, lng: -0.12, radius: 800 },
      players: [
        { name: 'Fran', ready: true },
        { name: 'Oscar', ready: false },
      ],
      teams: [
        { id: foxes.id, name: 'Foxes', rank: 1, total: 65, points: 15, challenge_points: 15, chicken_points: 50, adjustments: 0 },
        { id: owls.id, name: 'Owls', rank: 2, total: 20, points: 20, challenge_points: 20, chicken_points: 0, adjustments: 0, found_chicken_at: null },
      ],
    });
    expect(first?.duration).toBeGreaterThanOrEqual(44);
    expect(first?.duration).toBeLessThanOrEqual(46);
    expect(first?.teams[0]?.found_chicken_at).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());
    expect(second).toMatchObject({ status: 'ended', duration: 90, submissions_count: 0, latest_submission: null, latest_area: null, players: [], teams: [] });
  });
});

describe('access', () => {
  it('refuses hosts and anonymous callers on every call', async () => {
    const b = await createBooking(t.db);
    const host = await t.as('host');
    const anon = await t.visitor();
    for (const [method, path] of [
      ['GET', url(b.id)],
      ['PATCH', url(b.id)],
      ['POST', url(b.id, '/start-game')],
      ['GET', url(b.id, '/game-heartbeat')],
      ['PATCH', url(b.id, '/locks')],
    ] as const) {
      expect((await host.inject({ method, url: path, payload: {} })).statusCode).toBe(403);
      expect((await anon.inject({ method, url: path, payload: {} })).statusCode).toBe(401);
    }
  });

  it('publishes every route in the OpenAPI document', async () => {
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/bookings/{id}', '/api/admin/bookings/{id}/game-heartbeat', '/api/admin/bookings/{id}/locks']),
    );
  });
});
