import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { mailOutbox } from '../../src/server/platform/db/tables';

// The game as a calendar event (decisions 0373-0375), read back with a real iCalendar parser: what a calendar app sees.
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test' });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

type Parsed = { method: string; event: ICAL.Event; vevent: ICAL.Component; text: string };

/** Parses an .ics as a calendar app would: its VTIMEZONEs registered first, so TZID times resolve through them. */
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0];
  if (!vevent) throw new Error('no VEVENT');
  return { method: String(calendar.getFirstPropertyValue('method')), event: new ICAL.Event(vevent), vevent, text };
}

async function download(code: string): Promise<Parsed> {
  const res = await t.app.inject({ method: 'GET', url: `/api/booking/${code}/calendar.ics` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  return parse(res.body);
}

const tzidOf = (p: Parsed, name: 'dtstart' | 'dtend') => p.vevent.getFirstProperty(name)?.getParameter('tzid');
const mailsOf = (bookingId: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId)).orderBy(mailOutbox.id);

describe('GET /api/booking/{code}/calendar.ics', () => {
  // Europe/London goes to summer time on 31 March 2030, America/New_York on 10 March 2030: the same 15:00 on either
  // side of the change is a different offset from UTC, and the event must land on each.
  const cases = [
    { zone: 'Europe/London', date: '2030-03-30', utc: '2030-03-30T15:00:00.000Z', end: '2030-03-30T17:00:00.000Z' },
    { zone: 'Europe/London', date: '2030-03-31', utc: '2030-03-31T14:00:00.000Z', end: '2030-03-31T16:00:00.000Z' },
    { zone: 'America/New_York', date: '2030-03-09', utc: '2030-03-09T20:00:00.000Z', end: '2030-03-09T22:00:00.000Z' },
    { zone: 'America/New_York', date: '2030-03-10', utc: '2030-03-10T19:00:00.000Z', end: '2030-03-10T21:00:00.000Z' },
  ];
  for (const c of cases) {
    it(`a 15:00 game in ${c.zone} on ${c.date}: its zone, the right instant, and its booked length`, async () => {
      const booking = await createBooking(t.db, {
        timezone: c.zone,
        date: c.date,
        meetingTime: { hour: 15, minute: 0 },
        utcDateTime: new Date(c.utc),
        duration: 120,
      });
      const p = await download(booking.tempCode);
      expect(p.method).toBe('PUBLISH');
      expect(tzidOf(p, 'dtstart')).toBe(c.zone);
      expect(tzidOf(p, 'dtend')).toBe(c.zone);
      expect(p.event.startDate.hour).toBe(15);
      expect(p.event.startDate.toJSDate().toISOString()).toBe(c.utc);
      expect(p.event.endDate.toJSDate().toISOString()).toBe(c.end);
      expect(p.event.uid).toBe(`booking-${booking.id}@play.hatch.test`);
    });
  }

  it('a paid game by its game code: the meeting point as LOCATION, the join link, never the private management link', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db, { meetingPointAddress: 'Bethesda Fountain, Central Park', meetingPointStatus: 'confirmed' });
    const p = await download(gameCode);
    expect(p.event.location).toBe('Bethesda Fountain, Central Park');
    expect(p.event.description).toContain(`https://play.hatch.test/play/${gameCode}`);
    expect(p.text).not.toContain(booking.manageKey);
    expect(p.text).not.toContain(booking.email);
    expect(p.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // Any case, like the booking's own look-up.
    expect((await download(gameCode.toLowerCase())).event.uid).toBe(p.event.uid);
  });

  it('a meeting point only suggested is no LOCATION yet (only a confirmed one is shown, as on the public page)', async () => {
    const booking = await createBooking(t.db, { meetingPointAddress: 'Somewhere we have not agreed', meetingPointStatus: 'requested' });
    const p = await download(booking.tempCode);
    expect(p.event.location).toBeNull();
    expect(p.vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('an update keeps the UID and raises SEQUENCE once per change of time or place; saving the same again raises nothing', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    const first = await download(gameCode);
    expect(first.event.sequence).toBe(0);

    const moved = { utcDateTime: '2031-01-10T17:30:00.000Z', timezone: 'America/New_York' };
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, moved)).statusCode).toBe(200);
    const second = await download(gameCode);
    expect(second.event.uid).toBe(first.event.uid);
    expect(second.event.sequence).toBe(1);
    expect(tzidOf(second, 'dtstart')).toBe('America/New_York');
    expect(second.event.startDate.toJSDate().toISOString()).toBe('2031-01-10T17:30:00.000Z');

    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, moved)).statusCode).toBe(200);
    expect((await download(gameCode)).event.sequence).toBe(1);

    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, { meeting_point_address: '1 Times Square' })).statusCode).toBe(200);
    const third = await download(gameCode);
    expect(third.event.sequence).toBe(2);
    expect(third.event.location).toBe('1 Times Square');

    // A change that leaves time and place alone (staff notes) is no new revision of the event.
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, { admin_general_notes: 'Bring a flag' })).statusCode).toBe(200);
    expect((await download(gameCode)).event.sequence).toBe(2);
  });

  it("the booker's own move of an unpaid booking (by its temp code) moves the event and raises SEQUENCE", async () => {
    const booking = await createBooking(t.db, {
      timezone: 'America/New_York',
      date: '2030-03-09',
      meetingTime: { hour: 15, minute: 0 },
      utcDateTime: new Date('2030-03-09T20:00:00Z'),
    });
    const visitor = await t.visitor();
    const moved = await visitor.patch(`/api/bookings/${booking.id}`, { date: '2030-03-10' }, { 'x-booking-code': booking.tempCode });
    expect(moved.statusCode).toBe(200);
    const p = await download(booking.tempCode);
    expect(p.event.sequence).toBe(1);
    // The day after New York's change to summer time: the same 15:00 is an hour earlier in UTC.
    expect(p.event.startDate.toJSDate().toISOString()).toBe('2030-03-10T19:00:00.000Z');
  });

  it('a cancelled booking is STATUS:CANCELLED', async () => {
    const booking = await createBooking(t.db, { bookingStatus: 'cancelled' });
    expect((await download(booking.tempCode)).vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('an unknown code is 404 and counts as a wrong guess like the other look-ups', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/booking/NOSUCHCODE/calendar.ics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Booking not found' });
  });
});

describe("the booker's mails about the game's time carry the invite", () => {
  it('the wizard confirmation: REQUEST, the booker as attendee, the private link (their own mail), the event as the download has it', async () => {
    const visitor = await t.visitor();
    const created = await visitor.post('/api/bookings', {
      players: 8,
      plan_type: 'standard',
      add_ons: [],
      currency: 'GBP',
      date: '2030-03-31',
      meeting_time: { hour: 15, minute: 0 },
      timezone: 'Europe/London',
      city: 'London',
      initial_area_lat: 51.5,
      initial_area_lng: -0.12,
      initial_area_radius: 1000,
      full_name: 'Calendar Booker',
      email: 'calendar-booker@example.test',
    });
    expect(created.statusCode).toBe(201);
    const booking = created.json<{ booking: { id: number; temp_code: string; manage_key: string } }>().booking;
    const [mail] = await mailsOf(booking.id);
    expect(mail?.kind).toBe('booking_confirmation');
    expect(mail?.icalEvent?.method).toBe('REQUEST');
    const p = parse(mail?.icalEvent?.content ?? '');
    expect(p.method).toBe('REQUEST');
    expect(p.event.uid).toBe(`booking-${booking.id}@play.hatch.test`);
    expect(p.event.startDate.toJSDate().toISOString()).toBe('2030-03-31T14:00:00.000Z');
    expect(p.event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(['mailto:calendar-booker@example.test']);
    expect(p.vevent.getFirstPropertyValue('organizer')).toMatch(/^mailto:/i);
    expect(p.event.description).toContain(`https://play.hatch.test/manage/${booking.manage_key}`);
  });

  it('the paid mail and the date change mail: same UID, the change with a raised SEQUENCE', async () => {
    const booking = await createBooking(t.db, { fullName: 'Paid Booker' });
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 6_000 })).statusCode).toBe(201);
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, { utcDateTime: '2031-02-01T12:00:00.000Z', timezone: 'Europe/London' })).statusCode).toBe(
      200,
    );
    const mails = await mailsOf(booking.id);
    const paid = mails.find((m) => m.kind === 'booking.paid');
    const moved = mails.find((m) => m.kind === 'booking.date_changed');
    const paidEvent = parse(paid?.icalEvent?.content ?? '');
    const movedEvent = parse(moved?.icalEvent?.content ?? '');
    expect(paid?.icalEvent?.method).toBe('REQUEST');
    expect(moved?.icalEvent?.method).toBe('REQUEST');
    expect(movedEvent.event.uid).toBe(paidEvent.event.uid);
    expect(movedEvent.event.sequence).toBeGreaterThan(paidEvent.event.sequence);
    expect(movedEvent.event.startDate.toJSDate().toISOString()).toBe('2031-02-01T12:00:00.000Z');
    expect(paidEvent.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // Receipts are about money, not the game's time: no invite.
    expect(mails.find((m) => m.kind === 'payment.receipt')?.icalEvent ?? null).toBeNull();
  });

  it('marking a booking lost mails the booker a CANCEL of the same event, with a higher SEQUENCE; the trash mails nobody', async () => {
    const booking = await createBooking(t.db, { bookingStatus: 'lead', leadStatus: 'contacted', fullName: 'Off Again' });
    const before = await download(booking.tempCode);
    const lost = await admin.post(`/api/admin/bookings/${booking.id}/lead-status`, { lead_status: 'lost', lead_status_reason: 'Went elsewhere' });
    expect(lost.statusCode).toBe(200);
    const mails = await mailsOf(booking.id);
    expect(mails.map((m) => m.kind)).toEqual(['booking.cancelled']);
    expect(mails[0]?.to).toBe(booking.email);
    expect(mails[0]?.icalEvent?.method).toBe('CANCEL');
    const cancel = parse(mails[0]?.icalEvent?.content ?? '');
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(before.event.uid);
    expect(cancel.event.sequence).toBeGreaterThan(before.event.sequence);
    expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect((await download(booking.tempCode)).vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    const junk = await createBooking(t.db, { bookingStatus: 'enquiry', leadStatus: 'new' });
    expect((await admin.post(`/api/admin/bookings/${junk.id}/lead-status`, { lead_status: 'trash', lead_status_reason: 'Spam' })).statusCode).toBe(200);
    expect(await mailsOf(junk.id)).toEqual([]);
  });
});
