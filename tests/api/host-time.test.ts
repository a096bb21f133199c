import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { hostAvailabilityResponse } from '../../src/shared/api/host-time';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';

/** Issue 31, hosts' time: a host on an overlapping game, or marked unavailable, is refused with a 409 naming why. */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());
beforeEach(async () => {
  // Every test starts from the default travel margin.
  expect((await admin.put('/api/admin/host-settings', { travel_margin_minutes: 60 })).statusCode).toBe(200);
});

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const at = (iso: string) => ({ utcDateTime: new Date(iso) });
const assignedOf = async (id: number) =>
  (await t.db.select({ host: bookings.assignedHostId, version: bookings.version }).from(bookings).where(eq(bookings.id, id)))[0];
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('assigning a host already on another game', () => {
  it('refuses a game inside the window plus the travel margin with a 409 naming the other booking; nothing changes', async () => {
    const host = await t.createUser({ role: 'host' });
    const { booking: held, gameCode } = await createPaidBooking(t.db, { ...at('2031-05-10T10:00:00Z'), date: '2031-05-10', duration: 120 });
    expect((await admin.patch(url(held.id), { assigned_host_id: host.id })).statusCode).toBe(200);

    // Meets 12:30Z: the first game ends 12:00Z, and the host needs an hour to travel.
    const next = await createBooking(t.db, { ...at('2031-05-10T12:30:00Z'), date: '2031-05-10', timezone: 'Europe/London' });
    const before = await assignedOf(next.id);
    const mailsBefore = (await mailsTo(host.email)).length;
    const res = await admin.patch(url(next.id), { assigned_host_id: host.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(gameCode);
    expect(await assignedOf(next.id)).toEqual(before);
    expect(await mailsTo(host.email)).toHaveLength(mailsBefore);

    // Staff shorten the margin to 30 minutes: 12:30Z is now free.
    expect((await admin.put('/api/admin/host-settings', { travel_margin_minutes: 30 })).json()).toEqual({ travel_margin_minutes: 30 });
    expect((await admin.get('/api/admin/host-settings')).json()).toEqual({ travel_margin_minutes: 30 });
    const [logged] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'settings.travel_margin')).orderBy(desc(activityLog.id)).limit(1);
    expect(logged).toMatchObject({ actorId: admin.userId, entityType: 'setting', before: { travel_margin_minutes: 60 }, after: { travel_margin_minutes: 30 } });
    expect((await admin.patch(url(next.id), { assigned_host_id: host.id })).statusCode).toBe(200);
  });

  it('refuses the emergency change too, naming the booking by its temporary code before it has a game', async () => {
    const host = await t.createUser({ role: 'host' });
    const held = await createBooking(t.db, { ...at('2031-06-01T09:00:00Z'), date: '2031-06-01' });
    expect((await admin.patch(url(held.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    const { booking, gameId } = await createPaidBooking(t.db, { ...at('2031-06-01T10:00:00Z'), date: '2031-06-01' });
    expect(gameId).toBeGreaterThan(0);
    const res = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: host.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(held.tempCode);
    expect((await assignedOf(booking.id))?.host).toBeNull();
  });

  it('ignores cancelled bookings and lets the same host be saved again', async () => {
    const host = await t.createUser({ role: 'host' });
    const gone = await createBooking(t.db, { ...at('2031-07-01T09:00:00Z'), date: '2031-07-01', assignedHostId: host.id, bookingStatus: 'cancelled' });
    expect(gone.id).toBeGreaterThan(0);
    const b = await createBooking(t.db, { ...at('2031-07-01T09:00:00Z'), date: '2031-07-01' });
    expect((await admin.patch(url(b.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    expect((await admin.patch(url(b.id), { assigned_host_id: host.id })).statusCode).toBe(200);
  });

  it('reads each booking in its own zone across a daylight-saving change', async () => {
    const host = await t.createUser({ role: 'host' });
    // London on the morning the clocks go forward (28 March 2027): 10:00 BST is 09:00Z; the game ends 11:00Z.
    const london = await createBooking(t.db, {
      utcDateTime: null,
      date: '2027-03-28',
      meetingTime: { hour: 10, minute: 0 },
      timezone: 'Europe/London',
      duration: 120,
    });
    expect((await admin.patch(url(london.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    // New York is already on EDT (-4): 07:30 there is 11:30Z, inside the hour of travel; 08:00 (12:00Z) is not.
    const ny = (hour: number, minute: number) =>
      createBooking(t.db, { utcDateTime: null, date: '2027-03-28', meetingTime: { hour, minute }, timezone: 'America/New_York', duration: 60 });
    const early = await ny(7, 30);
    const refused = await admin.patch(url(early.id), { assigned_host_id: host.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(london.tempCode);
    // The message gives the other game's times in this booking's zone: 05:00 to 07:00 in New York.
    expect(refused.json().message).toContain('28/03/2027 05:00 to 28/03/2027 07:00');
    const free = await ny(8, 0);
    expect((await admin.patch(url(free.id), { assigned_host_id: host.id })).statusCode).toBe(200);
  });

  // On PostgreSQL (the postgres pass) the two writes truly run at once: the lock on the host's row decides.
  it('lets only one of two staff assigning the same host at once succeed', { tags: ['postgres'] }, async () => {
    const host = await t.createUser({ role: 'host' });
    const other = await t.as('admin');
    const a = await createBooking(t.db, { ...at('2031-08-01T10:00:00Z'), date: '2031-08-01' });
    const b = await createBooking(t.db, { ...at('2031-08-01T11:00:00Z'), date: '2031-08-01' });
    const answers = await Promise.all([admin.patch(url(a.id), { assigned_host_id: host.id }), other.patch(url(b.id), { assigned_host_id: host.id })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const held = [(await assignedOf(a.id))?.host, (await assignedOf(b.id))?.host].filter((id) => id === host.id);
    expect(held).toHaveLength(1);
  });

  it('refuses a travel margin out of range, changing nothing', async () => {
    const res = await admin.put('/api/admin/host-settings', { travel_margin_minutes: -5 });
    expect(res.statusCode).toBe(422);
    expect((await admin.get('/api/admin/host-settings')).json()).toEqual({ travel_margin_minutes: 60 });
    const host = await t.as('host');
    expect((await host.put('/api/admin/host-settings', { travel_margin_minutes: 0 })).statusCode).toBe(403);
  });
});

describe('a host marks time unavailable', () => {
  it('from their console; assigning them then is refused naming it, and free again once they remove it', async () => {
    const host = await t.as('host', { name: 'Away Host' });
    const mark = await host.post('/api/host/unavailability', { starts_at: '2031-09-01T00:00:00+01:00', ends_at: '2031-09-02T00:00:00+01:00', note: 'Wedding' });
    expect(mark.statusCode).toBe(201);
    const { unavailability } = mark.json();
    expect(unavailability).toMatchObject({ starts_at: '2031-08-31T23:00:00.000Z', ends_at: '2031-09-01T23:00:00.000Z', note: 'Wedding' });
    expect((await host.get('/api/host/unavailability')).json().unavailability).toEqual([unavailability]);

    const b = await createBooking(t.db, { ...at('2031-09-01T13:00:00Z'), date: '2031-09-01', timezone: 'Europe/London' });
    const res = await admin.patch(url(b.id), { assigned_host_id: host.userId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This host marked themselves unavailable from 01/09/2031 00:00 to 02/09/2031 00:00: Wedding');
    expect((await assignedOf(b.id))?.host).toBeNull();

    // The picker shows it too.
    const picker = hostAvailabilityResponse.parse((await admin.get(url(b.id, '/host-availability'))).json());
    expect(picker.hosts.find((h) => h.id === host.userId)).toMatchObject({ available: false, clash_code: null, reason: res.json().message });

    // Another host cannot remove it.
    const stranger = await t.as('host');
    expect((await stranger.delete(`/api/host/unavailability/${unavailability.id}`)).statusCode).toBe(404);
    expect((await host.delete(`/api/host/unavailability/${unavailability.id}`)).statusCode).toBe(200);
    expect((await admin.patch(url(b.id), { assigned_host_id: host.userId })).statusCode).toBe(200);
  });

  it('refuses an end before the start, and anyone but staff', async () => {
    const host = await t.as('host');
    const res = await host.post('/api/host/unavailability', { starts_at: '2031-09-02T10:00:00Z', ends_at: '2031-09-02T09:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.ends_at).toEqual(['The end must come after the start']);
    expect((await host.get('/api/host/unavailability')).json().unavailability).toEqual([]);
    const visitor = await t.visitor();
    expect((await visitor.post('/api/host/unavailability', { starts_at: '2031-09-02T08:00:00Z', ends_at: '2031-09-02T09:00:00Z' })).statusCode).toBe(401);
    const user = await t.as('user');
    expect((await user.get('/api/host/unavailability')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/bookings/{id}/host-availability', () => {
  it('answers each host free or busy with the booking that holds them', async () => {
    const busy = await t.createUser({ role: 'host', name: 'Busy Bea' });
    const free = await t.createUser({ role: 'host', name: 'Free Fay' });
    const { booking: held, gameCode } = await createPaidBooking(t.db, { ...at('2031-10-01T10:00:00Z'), date: '2031-10-01', assignedHostId: busy.id });
    expect(held.id).toBeGreaterThan(0);
    const b = await createBooking(t.db, { ...at('2031-10-01T11:00:00Z'), date: '2031-10-01' });
    const res = await admin.get(url(b.id, '/host-availability'));
    expect(res.statusCode).toBe(200);
    const { hosts } = hostAvailabilityResponse.parse(res.json());
    expect(hosts.find((h) => h.id === busy.id)).toMatchObject({ name: 'Busy Bea', available: false, clash_code: gameCode });
    expect(hosts.find((h) => h.id === busy.id)?.reason).toContain(gameCode);
    expect(hosts.find((h) => h.id === free.id)).toEqual({ id: free.id, name: 'Free Fay', available: true, reason: null, clash_code: null });
    expect((await admin.get(url(987_654, '/host-availability'))).statusCode).toBe(404);
  });
});
