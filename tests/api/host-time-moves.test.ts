import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';

/**
 * Issue 31, hosts' time (decision 0391): moving a booking's date or time onto its host's other game or unavailable time
 * is refused with a 409 naming the other booking, from the staff PATCH and the booker's own change alike; nothing moves.
 */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  expect((await admin.put('/api/admin/host-settings', { travel_margin_minutes: 60 })).statusCode).toBe(200);
});
afterAll(async () => t.close());

const url = (id: number) => `/api/admin/bookings/${id}`;
const at = (iso: string) => ({ utcDateTime: new Date(iso) });
const rowOf = async (id: number) =>
  (
    await t.db
      .select({ utc: bookings.utcDateTime, date: bookings.date, time: bookings.meetingTime, version: bookings.version, sequence: bookings.calendarSequence })
      .from(bookings)
      .where(eq(bookings.id, id))
  )[0];
const mailsOf = (id: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, id));

describe('staff move a booking with a host', () => {
  it('onto the hour the host is on another game: 409 naming its code, nothing changes, nobody is mailed; a free hour moves', async () => {
    const host = await t.createUser({ role: 'host' });
    const { booking: held, gameCode } = await createPaidBooking(t.db, {
      ...at('2031-05-10T10:00:00Z'),
      date: '2031-05-10',
      duration: 120,
      assignedHostId: host.id,
    });
    expect(held.id).toBeGreaterThan(0);
    const { booking: mine } = await createPaidBooking(t.db, {
      ...at('2031-05-10T16:00:00Z'),
      date: '2031-05-10',
      timezone: 'Europe/London',
      assignedHostId: host.id,
    });
    const before = await rowOf(mine.id);
    const mailsBefore = (await mailsOf(mine.id)).length;

    // 12:30Z: the other game ends at 12:00Z and the host needs the hour's travel margin.
    const res = await admin.patch(url(mine.id), { utcDateTime: '2031-05-10T12:30:00Z', timezone: 'Europe/London' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(`booking ${gameCode}`);
    expect(await rowOf(mine.id)).toEqual(before);
    expect(await mailsOf(mine.id)).toHaveLength(mailsBefore);

    const moved = await admin.patch(url(mine.id), { utcDateTime: '2031-05-10T13:00:00Z', timezone: 'Europe/London' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowOf(mine.id))?.utc?.toISOString()).toBe('2031-05-10T13:00:00.000Z');
  });

  it('onto a day the host marked unavailable: 409 naming the stretch; the same move without a host is allowed', async () => {
    const host = await t.as('host');
    expect(
      (await host.post('/api/host/unavailability', { starts_at: '2031-06-02T00:00:00Z', ends_at: '2031-06-03T00:00:00Z', note: 'Holiday' })).statusCode,
    ).toBe(201);
    const mine = await createBooking(t.db, { ...at('2031-06-01T10:00:00Z'), date: '2031-06-01', timezone: 'UTC', assignedHostId: host.userId });
    const res = await admin.patch(url(mine.id), { utcDateTime: '2031-06-02T10:00:00Z', timezone: 'UTC' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('unavailable');
    expect(res.json().message).toContain('Holiday');
    expect((await rowOf(mine.id))?.date).toBe('2031-06-01');

    const hostless = await createBooking(t.db, { ...at('2031-06-01T10:00:00Z'), date: '2031-06-01', timezone: 'UTC' });
    expect((await admin.patch(url(hostless.id), { utcDateTime: '2031-06-02T10:00:00Z', timezone: 'UTC' })).statusCode).toBe(200);
  });

  it('ignores a clash with a cancelled booking', async () => {
    const host = await t.createUser({ role: 'host' });
    await createBooking(t.db, { ...at('2031-07-01T09:00:00Z'), date: '2031-07-01', assignedHostId: host.id, bookingStatus: 'cancelled' });
    const mine = await createBooking(t.db, { ...at('2031-07-02T09:00:00Z'), date: '2031-07-02', assignedHostId: host.id });
    expect((await admin.patch(url(mine.id), { utcDateTime: '2031-07-01T09:00:00Z', timezone: 'Europe/London' })).statusCode).toBe(200);
  });
});

describe("the booker's own change of date", () => {
  it('onto the host’s other game is refused with the 409 naming it; another day is taken', async () => {
    const host = await t.createUser({ role: 'host' });
    const held = await createBooking(t.db, {
      utcDateTime: null,
      date: '2031-09-20',
      meetingTime: { hour: 15, minute: 0 },
      timezone: 'Europe/London',
      assignedHostId: host.id,
    });
    const mine = await createBooking(t.db, {
      utcDateTime: null,
      date: '2031-09-19',
      meetingTime: { hour: 15, minute: 0 },
      timezone: 'Europe/London',
      assignedHostId: host.id,
    });
    const visitor = await t.visitor();
    const before = await rowOf(mine.id);
    const res = await visitor.patch(`/api/bookings/${mine.id}`, { date: '2031-09-20' }, { 'x-booking-code': mine.tempCode });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(held.tempCode);
    expect(await rowOf(mine.id)).toEqual(before);

    const ok = await visitor.patch(`/api/bookings/${mine.id}`, { date: '2031-09-21' }, { 'x-booking-code': mine.tempCode });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await rowOf(mine.id))?.date).toBe('2031-09-21');
  });
});
