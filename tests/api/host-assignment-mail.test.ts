import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { hostsResponse } from '../../src/shared/api/users';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';

/** Issue 19: a host hears by mail when given a game (decision 0223), and staff pick hosts from a list. */
let t: TestApp;
let admin: Agent & { userId: number };
const PUBLIC_URL = 'https://hatch.example';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('the host assignment mail', () => {
  it('tells the assigned host the date and time in the game’s zone, the meeting point and the console link', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, {
      hosted: true,
      timezone: 'America/New_York',
      date: '2030-07-04',
      meetingTime: { hour: 18, minute: 30 },
      utcDateTime: new Date('2030-07-04T22:30:00Z'),
      meetingPointAddress: 'Bethesda Fountain, Central Park',
      fullName: 'Team Falcon',
      tel: '+1 212 555 0100',
      city: 'New York',
    });
    const host = await t.createUser({ role: 'host', name: 'Hattie Host' });
    const res = await admin.patch(url(booking.id), { assigned_host_id: host.id });
    expect(res.statusCode).toBe(200);

    const mails = await mailsTo(host.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail).toMatchObject({ kind: 'host.assigned', bookingId: booking.id, subject: 'You are hosting a hatch game on Thursday 4 July 2030 in New York' });
    const text = mail?.text ?? '';
    expect(text).toContain('Hi Hattie Host,');
    expect(text).toContain('Date: Thursday 4 July 2030');
    expect(text).toContain('Meeting time: 18:30 (');
    expect(text).toContain('Meeting point: Bethesda Fountain, Central Park');
    expect(text).toContain('Group: Team Falcon');
    expect(text).toContain(`Run the game from your host console: ${PUBLIC_URL}/host/${gameCode}`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/host/${gameCode}"`);
    // What a host may know (0223): never the booker's email or the price.
    expect(text).not.toContain(booking.email);
    expect(text).not.toMatch(/£|price|total/i);

    // The same host again: nothing more.
    expect((await admin.patch(url(booking.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    expect(await mailsTo(host.email)).toHaveLength(1);
  });

  it('without a game yet, points to the host console list and says when the game shows', async () => {
    const booking = await createBooking(t.db, { hosted: true });
    const host = await t.createUser({ role: 'host' });
    expect((await admin.patch(url(booking.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    const [mail] = await mailsTo(host.email);
    expect(mail?.text).toContain(`The game appears in your host console once the booking is paid: ${PUBLIC_URL}/host`);
    expect(mail?.text).toContain('Meeting point: Not set yet');
  });

  it('on an emergency change, mails the new host and tells the replaced one', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { hosted: true });
    const first = await t.createUser({ role: 'host', name: 'First Host' });
    const second = await t.createUser({ role: 'host', name: 'Second Host' });
    expect((await admin.patch(url(booking.id), { assigned_host_id: first.id })).statusCode).toBe(200);
    const res = await admin.post(url(booking.id, '/emergency-change-host'), { host_id: second.id });
    expect(res.statusCode).toBe(200);

    const toSecond = await mailsTo(second.email);
    expect(toSecond.map((m) => m.kind)).toEqual(['host.assigned']);
    expect(toSecond[0]?.text).toContain(`${PUBLIC_URL}/host/${gameCode}`);
    const toFirst = await mailsTo(first.email);
    expect(toFirst.map((m) => m.kind)).toEqual(['host.assigned', 'host.unassigned']);
    expect(toFirst[1]?.text).toContain(`You are no longer the host of the Chicken hunt on`);
    expect(toFirst[1]?.text).toContain(`(game ${gameCode})`);
  });

  it('when staff move the game, mails the assigned host once with the new date and an updated invite', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, {
      hosted: true,
      timezone: 'America/New_York',
      date: '2030-07-04',
      meetingTime: { hour: 18, minute: 30 },
      utcDateTime: new Date('2030-07-04T22:30:00Z'),
      city: 'New York',
    });
    const host = await t.createUser({ role: 'host', name: 'Moved Host' });
    expect((await admin.patch(url(booking.id), { assigned_host_id: host.id })).statusCode).toBe(200);
    const assigned = await mailsTo(host.email);
    expect(assigned[0]?.icalEvent?.content).toContain('DTSTART;TZID=America/New_York:20300704T183000');

    const move = { utcDateTime: '2030-07-11T20:00:00.000Z', timezone: 'America/New_York' };
    expect((await admin.patch(url(booking.id), move)).statusCode).toBe(200);
    // Saving the same moment again mails nobody.
    expect((await admin.patch(url(booking.id), move)).statusCode).toBe(200);

    const mails = await mailsTo(host.email);
    expect(mails.map((m) => m.kind)).toEqual(['host.assigned', 'host.date_changed']);
    const moved = mails[1];
    expect(moved?.subject).toBe('Your hatch game in New York moved to Thursday 11 July 2030');
    expect(moved?.text).toContain('Date: Thursday 11 July 2030');
    expect(moved?.text).toContain('Meeting time: 16:00 (');
    expect(moved?.text).toContain(`${PUBLIC_URL}/host/${gameCode}`);
    expect(moved?.text).not.toContain('Thursday 4 July 2030');
    const invite = moved?.icalEvent;
    expect(invite?.method).toBe('REQUEST');
    expect(invite?.content).toContain('DTSTART;TZID=America/New_York:20300711T160000');
    expect(invite?.content.replace(/\r\n /g, '')).toContain(`CN="Moved Host":MAILTO:${host.email}`);
    // The same event as the first invite, a later version of it; never the booker's private link.
    const field = (ics: string | undefined, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics ?? '')?.[1]?.trim();
    expect(field(invite?.content, 'UID')).toBe(field(assigned[0]?.icalEvent?.content, 'UID'));
    expect(Number(field(invite?.content, 'SEQUENCE'))).toBeGreaterThan(Number(field(assigned[0]?.icalEvent?.content, 'SEQUENCE') ?? 0));
    expect(invite?.content).not.toContain(booking.manageKey);
    expect(invite?.content).not.toContain(booking.email);
    // The booker hears of it as before, once.
    const toBooker = (await mailsTo(booking.email)).filter((m) => m.kind === 'booking.date_changed');
    expect(toBooker).toHaveLength(1);
  });

  it('mails nothing when the change is refused', async () => {
    const { booking } = await createPaidBooking(t.db, { hosted: true });
    const plain = await t.createUser({ role: 'user' });
    expect((await admin.post(url(booking.id, '/emergency-change-host'), { host_id: plain.id })).statusCode).toBe(422);
    expect((await admin.patch(url(booking.id), { assigned_host_id: plain.id })).statusCode).toBe(422);
    expect(await mailsTo(plain.email)).toEqual([]);
  });
});

describe('GET /api/admin/hosts: the list staff pick a host from', () => {
  it('lists every host by id, name and email, and no one else', async () => {
    const host = await t.createUser({ role: 'host', name: 'Listed Host' });
    const plain = await t.createUser({ role: 'user', name: 'Not A Host' });
    const res = await admin.get('/api/admin/hosts');
    expect(res.statusCode).toBe(200);
    const { hosts } = hostsResponse.parse(res.json());
    expect(hosts).toContainEqual({ id: host.id, name: 'Listed Host', email: host.email });
    expect(hosts.some((h) => h.id === plain.id)).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await (await t.visitor()).get('/api/admin/hosts')).statusCode).toBe(401);
    expect((await (await t.as('host')).get('/api/admin/hosts')).statusCode).toBe(403);
    expect((await (await t.as('user')).get('/api/admin/hosts')).statusCode).toBe(403);
  });
});
