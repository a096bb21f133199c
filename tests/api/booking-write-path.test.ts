import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { bookingChanges, bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { MANAGE_KEY_HEADER } from '../../src/shared/api/public-booking';

let t: TestApp;
let admin: Agent & { userId: number };
let booker: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Wes Writer' });
  booker = await t.visitor();
});
afterAll(async () => t.close());

/** The booking's version and every audit entry about it: staff and system in the activity log, the booker's in booking_changes. */
async function stateOf(id: number) {
  const [row] = await t.db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, id));
  const staff = await t.db.select().from(activityLog).where(eq(activityLog.bookingId, id)).orderBy(asc(activityLog.id));
  const booker = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, id)).orderBy(asc(bookingChanges.id));
  return { version: row?.version ?? 0, staff, booker };
}

/** Runs one write and proves it moved the version by exactly one and left exactly one audit entry; answers that entry. */
async function oneWrite(id: number, send: () => Promise<LightMyRequestResponse>, expectedStatus = 200) {
  const before = await stateOf(id);
  const res = await send();
  expect(res.statusCode, res.body).toBe(expectedStatus);
  const after = await stateOf(id);
  expect(after.version).toBe(before.version + 1);
  const newStaff = after.staff.slice(before.staff.length);
  const newBooker = after.booker.slice(before.booker.length);
  expect(newStaff.length + newBooker.length).toBe(1);
  return { staff: newStaff[0], booker: newBooker[0] };
}

async function paidSetUp() {
  const paid = await createPaidBooking(t.db, startableSchedule());
  const [row] = await t.db.select({ key: bookings.manageKey }).from(bookings).where(eq(bookings.id, paid.booking.id));
  const headers = { [MANAGE_KEY_HEADER]: row?.key ?? '' };
  const call = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => booker.inject({ method, url, payload, headers });
  return { ...paid, id: paid.booking.id, call };
}

describe('every booker write goes through the one write path', () => {
  it('PATCH /api/bookings/{id}: one version step and one booker entry, also with the version sent', async () => {
    const b = await createBooking(t.db);
    const [row] = await t.db.select({ key: bookings.manageKey }).from(bookings).where(eq(bookings.id, b.id));
    const headers = { [MANAGE_KEY_HEADER]: row?.key ?? '' };
    const players = await oneWrite(b.id, () => booker.inject({ method: 'PATCH', url: `/api/bookings/${b.id}`, payload: { players: 12, version: 1 }, headers }));
    expect(players.booker).toMatchObject({ source: 'booker', fields: { players: { to: 12 } } });
    const contact = await oneWrite(b.id, () =>
      booker.inject({ method: 'PATCH', url: `/api/bookings/${b.id}`, payload: { full_name: 'Nia New', phone: '01234 567890' }, headers }),
    );
    expect(contact.booker?.fields).toMatchObject({ full_name: { to: 'Nia New' }, phone: { to: '01234 567890' } });
  });

  it('each set-up call by game code and management key: challenges, activate, locations, game area, teams, chicken', async () => {
    const { id, gameCode, call } = await paidSetUp();
    const url = (tail: string) => `/api/booking/${gameCode}/${tail}`;
    const active = await t.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.isActive, true)).limit(2);
    const sections: string[] = [];
    const record = (entry: { booker?: { fields: Record<string, unknown> } | undefined }) => sections.push(String(entry.booker?.fields.section));
    record(await oneWrite(id, () => call('POST', url('challenges'), { added_challenges: active.map((c) => c.id) })));
    record(await oneWrite(id, () => call('POST', url('activate'), { booking_id: id })));
    record(await oneWrite(id, () => call('PUT', url('locations'), { meeting_point_address: '1 Market Square' })));
    record(await oneWrite(id, () => call('PUT', url('game-area'), { lat: 51.5, lng: -0.12, radius: 1500 })));
    record(await oneWrite(id, () => call('PUT', url('teams'), { teams: [{ name: 'Foxes', players: 'Ann, Bob' }] })));
    record(await oneWrite(id, () => call('PUT', url('chicken'), { assigned_chicken: 'self' })));
    expect(sections).toEqual(['challenges', 'activation', 'locations', 'game_area', 'teams', 'chicken']);
  });

  it('writes nothing, not even a version step, for a change that changes nothing', async () => {
    const { id, gameCode, call } = await paidSetUp();
    await call('POST', `/api/booking/${gameCode}/activate`, { booking_id: id });
    const before = await stateOf(id);
    expect((await call('POST', `/api/booking/${gameCode}/activate`, { booking_id: id })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/bookings/${id}`, {})).statusCode).toBe(200);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses a stale version with 409 and the existing message, and writes nothing', async () => {
    const { id, call } = await paidSetUp();
    const before = await stateOf(id);
    const res = await call('PATCH', `/api/bookings/${id}`, { full_name: 'Late Larry', version: before.version - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This booking was changed elsewhere. Please reload it and try again.' });
    expect(await stateOf(id)).toEqual(before);
  });

  it("accepting a proposal: one version step, the booker's entry and the lead conversion it causes", async () => {
    const b = await createBooking(t.db, { bookingStatus: 'lead', leadStatus: 'negotiating' });
    const created = await admin.post('/api/admin/proposals', {
      booking_id: b.id,
      plan_type: 'pro',
      players: 12,
      add_ons: [],
      lines: [],
      valid_until: '2099-12-31',
    });
    const { id, link } = (created.json() as { proposal: { id: number; link: string } }).proposal;
    expect((await admin.post(`/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const before = await stateOf(b.id);
    const res = await booker.post(`/api/proposals/${link.split('/proposal/')[1] ?? ''}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await stateOf(b.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.booker.slice(before.booker.length).map((e) => e.fields.section)).toEqual(['proposal']);
    expect(after.staff.slice(before.staff.length).map((e) => e.action)).toEqual(['booking.lead_status']);
  });
});

describe('every staff write on a booking goes through the one write path', () => {
  const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;

  it('PATCH /api/admin/bookings/{id}, each field: one version step and one activity entry by the staff member', async () => {
    const b = await createBooking(t.db);
    const host = await t.createUser({ role: 'host' });
    const bodies = [
      { admin_general_notes: 'Call on Monday' },
      { utcDateTime: '2031-01-10T17:30:00.000Z', timezone: 'Europe/London' },
      { assigned_host_id: host.id },
      { meeting_point_address: 'The old oak' },
      { hiding_spot_address: 'Behind the bandstand' },
    ];
    const actions: string[] = [];
    for (const body of bodies) {
      const { staff } = await oneWrite(b.id, () => admin.patch(url(b.id), body));
      expect(staff).toMatchObject({ actorId: admin.userId, bookingId: b.id });
      actions.push(String(staff?.action));
    }
    expect(actions).toEqual(['booking.general_notes', 'booking.date_time', 'booking.assign_host', 'booking.meeting_point', 'booking.hiding_spot']);
  });

  it('notes, lead status and locks', async () => {
    const b = await createBooking(t.db);
    expect((await oneWrite(b.id, () => admin.post(url(b.id, '/notes'), { note: 'Rang, no answer', type: 'phone' }))).staff?.action).toBe('booking.note');
    expect(
      (await oneWrite(b.id, () => admin.post(url(b.id, '/lead-status'), { lead_status: 'lost', lead_status_reason: 'Went elsewhere' }))).staff?.action,
    ).toBe('booking.lead_status');
    expect((await oneWrite(b.id, () => admin.patch(url(b.id, '/locks'), { teams: true, chicken: true }))).staff).toMatchObject({
      action: 'booking.locks',
      before: { teams: false, chicken: false },
      after: { teams: true, chicken: true },
    });
  });

  it('payments, voids and refunds', async () => {
    const { id } = await paidSetUp();
    const payment = await oneWrite(id, () => admin.post(url(id, '/payments'), { payment_type: 'cash', payment_amount: 5_000 }), 201);
    expect(payment.staff).toMatchObject({ action: 'payment.record', actorId: admin.userId, after: { payment_amount: 5_000 } });
    const ledger = await t.db
      .select()
      .from(bookingPayments)
      .where(and(eq(bookingPayments.bookingId, id), eq(bookingPayments.kind, 'payment')))
      .orderBy(asc(bookingPayments.id));
    const [first, second] = ledger;
    expect((await oneWrite(id, () => admin.post(url(id, `/payments/${first?.id}/refund`), { amount: 1_000, reason: 'Goodwill' }), 201)).staff?.action).toBe(
      'payment.refund',
    );
    expect((await oneWrite(id, () => admin.post(url(id, `/payments/${second?.id}/void`), { reason: 'Entered twice' }), 201)).staff?.action).toBe(
      'payment.void',
    );
  });

  it('the payment that makes a booking paid: one version step, its entry and the lead conversion it causes', async () => {
    const b = await createBooking(t.db);
    const before = await stateOf(b.id);
    const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 12_000 });
    expect(res.statusCode).toBe(201);
    const after = await stateOf(b.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.staff.slice(before.staff.length).map((e) => e.action)).toEqual(['booking.lead_status', 'payment.record']);
  });

  it('start game, toggle weapons and emergency change of host', async () => {
    const { id } = await paidSetUp();
    const host = await t.createUser({ role: 'host' });
    expect((await oneWrite(id, () => admin.post(url(id, '/toggle-weapons'), { weapons_on: true }))).staff?.action).toBe('game.weapons');
    expect((await oneWrite(id, () => admin.post(url(id, '/emergency-change-host'), { host_id: host.id }))).staff?.action).toBe('game.emergency_host_change');
    expect((await oneWrite(id, () => admin.post(url(id, '/start-game'), {}))).staff?.action).toBe('game.start');
  });

  it('refuses a stale version with 409 and the staff message, and writes nothing', async () => {
    const b = await createBooking(t.db);
    const before = await stateOf(b.id);
    const res = await admin.post(url(b.id, '/notes'), { note: 'Too late', version: before.version + 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This booking was changed by someone else in the meantime. The latest version has been loaded; please check and try again.',
    );
    expect(await stateOf(b.id)).toEqual(before);
  });
});

describe('one place moves a version', () => {
  it('only domains/booking/booking-write.ts sets bookings.version in src/server', () => {
    const root = join(__dirname, '../../src/server');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    })(root);
    const setsVersion = /\.set\(\s*\{[^}]*\bversion\s*:/s;
    const writers = files.filter((f) => setsVersion.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(writers).toEqual(['domains/booking/booking-write.ts']);
  });
});
