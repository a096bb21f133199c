import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { games } from '../../src/server/domains/game/tables/games';
import { mailOutbox } from '../../src/server/platform/db/tables';
import type { AdminCreateBookingInput } from '../../src/shared/api/admin-bookings';

// The booker gets their game code, the players' join link and the private management link at each moment.
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test' });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const mailsOf = (bookingId: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId)).orderBy(mailOutbox.id);
const rowOf = async (id: number) => {
  const [row] = await t.db.select({ manageKey: bookings.manageKey, email: bookings.email }).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error('no booking');
  return row;
};
const gameCodeOf = async (bookingId: number) => (await t.db.select({ code: games.code }).from(games).where(eq(games.bookingId, bookingId)))[0]?.code;

describe('the booker is mailed the code and links', () => {
  it('when a payment makes the booking paid: once, not again for a later payment', async () => {
    const booking = await createBooking(t.db, { fullName: 'Olive' });
    const first = await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 6_000 });
    expect(first.statusCode).toBe(201);
    const code = await gameCodeOf(booking.id);
    const { manageKey } = await rowOf(booking.id);
    // Each payment also gets its receipt (0250); the code and links come in their own mail, once.
    const mails = (await mailsOf(booking.id)).filter((m) => m.kind !== 'payment.receipt');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: booking.email, kind: 'booking.paid', subject: `Your game is booked: game code ${code}` });
    expect(mails[0]?.text).toContain(`Game code for your players: ${code}`);
    expect(mails[0]?.text).toContain(`Players join at: https://play.hatch.test/play/${code}`);
    expect(mails[0]?.text).toContain(`Your private management link: https://play.hatch.test/manage/${manageKey}`);
    // A second instalment adds to the history but does not mail the code again.
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 6_000 })).statusCode).toBe(201);
    expect((await mailsOf(booking.id)).map((m) => m.kind)).toEqual(['payment.receipt', 'booking.paid', 'payment.receipt']);
  });

  it('escapes what the booker typed in the HTML part (one escape: shared/html.ts), and keeps it as typed in the text part', async () => {
    const booking = await createBooking(t.db, { fullName: `O'Neil <Tom> & "Co"` });
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 6_000 })).statusCode).toBe(201);
    const paid = (await mailsOf(booking.id)).find((m) => m.kind === 'booking.paid');
    expect(paid?.html).toContain('Hi O&#39;Neil &lt;Tom&gt; &amp; &quot;Co&quot;,');
    expect(paid?.html).not.toContain('<Tom>');
    expect(paid?.text).toContain(`Hi O'Neil <Tom> & "Co",`);
  });

  it('when staff change the date or time: with the new moment; saving the same moment again mails nothing', async () => {
    const { booking, gameCode } = await createPaidBooking(t.db);
    const body = { utcDateTime: '2031-01-10T17:30:00.000Z', timezone: 'America/New_York' };
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, body)).statusCode).toBe(200);
    const mails = await mailsOf(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: booking.email, kind: 'booking.date_changed' });
    expect(mails[0]?.subject).toBe(`Your hatch game in ${booking.city} is now on Friday 10 January 2031`);
    expect(mails[0]?.text).toContain('Meeting time: 12:30 (New York time)');
    expect(mails[0]?.text).toContain(`Game code for your players: ${gameCode}`);
    expect(mails[0]?.text).toContain(`https://play.hatch.test/manage/${booking.manageKey}`);
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, body)).statusCode).toBe(200);
    expect(await mailsOf(booking.id)).toHaveLength(1);
  });

  it('when staff create a booking: its details and the private management link (no game code before payment)', async () => {
    const payload: AdminCreateBookingInput = {
      players: 10,
      date: '2031-09-15',
      meeting_time: { hour: 14, minute: 30 },
      timezone: 'Europe/London',
      hosted: false,
      full_name: 'Created By Staff',
      email: 'made-by-staff@example.test',
      phone: null,
      company_name: null,
      duration: 120,
      initial_area_radius: 1000,
      initial_area_lat: 51.5074,
      initial_area_lng: -0.1278,
      initial_area_id: null,
      booking_status: 'lead',
      utm_source: 'admin',
      utm_medium: 'manual_created',
      utm_campaign: 'manual_created',
      utm_term: 'manual_created',
      utm_content: 'manual_created',
      plan_type: 'standard',
      add_ons: [],
      city: 'London',
      utcDateTime: '2031-09-15T13:30:00.000Z',
    };
    const res = await admin.post('/api/admin/bookings', payload);
    expect(res.statusCode).toBe(201);
    const id: number = res.json().booking.id;
    const { manageKey } = await rowOf(id);
    const mails = await mailsOf(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'made-by-staff@example.test',
      kind: 'booking.created_by_staff',
      subject: 'Your hatch game on Monday 15 September 2031 in London',
    });
    expect(mails[0]?.text).toContain('Meeting time: 14:30 (London time)');
    expect(mails[0]?.text).toContain(`Your private management link: https://play.hatch.test/manage/${manageKey}`);
    expect(mails[0]?.text).toContain('Your game code for the players comes by email once your booking is paid.');
  });
});
