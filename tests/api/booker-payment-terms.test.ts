import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { bookerBookingResponse } from '../../src/shared/api/booking';
import { paymentStateResponse } from '../../src/shared/api/payments';

/**
 * Issue 19, the booker's items (decisions 0110, 0140, 0252): when the balance is due (never a day gone; under 14 days, on
 * booking), the bank transfer account in the confirmation mail, and the spec's 14:00 meeting time fallback.
 */
const BANK = 'Hatch Ltd\nSort code 00-11-22\nAccount 12345678';
let bank: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [bank, plain] = await Promise.all([
    createTestApp({ BANK_TRANSFER_DETAILS: BANK, PUBLIC_URL: 'https://hatch.example' }),
    createTestApp({ PUBLIC_URL: 'https://hatch.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([bank?.close(), plain?.close()]);
});

/** Today in a zone, worked out here with Intl alone (not with the app's helpers). */
function todayInZone(zone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
/** The time of day in London now, as HH:mm. */
function londonClock(now = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}
function plusDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function paymentState(app: TestApp, manageKey: string) {
  const res = await (await app.visitor()).get(`/api/manage/${manageKey}/payment`);
  expect(res.statusCode, res.body).toBe(200);
  return paymentStateResponse.parse(res.json()).payment;
}
const mailsOf = (app: TestApp, bookingId: number, kind: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, kind)));

describe('the balance due date', () => {
  it('is 14 days before the game, never a day gone: 14 days away or less it is due on booking, today', async () => {
    const today = todayInZone('Europe/London');
    const cases: [number, string, boolean][] = [
      [0, today, true],
      [3, today, true],
      [13, today, true],
      // Due today is due on booking (issue 35, 0505): the page offers no deposit beside "due today".
      [14, today, true],
      [15, plusDays(today, 1), false],
      [60, plusDays(today, 46), false],
    ];
    for (const [daysAway, due, onBooking] of cases) {
      const booking = await createBooking(plain.db, { date: plusDays(today, daysAway), timezone: 'Europe/London' });
      const state = await paymentState(plain, booking.manageKey);
      expect({ daysAway, due: state.balance_due_date, onBooking: state.balance_due_on_booking }).toEqual({ daysAway, due, onBooking });
    }
  });

  it("counts days from today in the game's own zone", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their calendars never show the same day.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const today = todayInZone(zone);
      const soon = await createBooking(plain.db, { date: plusDays(today, 3), timezone: zone });
      expect(await paymentState(plain, soon.manageKey)).toMatchObject({ balance_due_date: today, balance_due_on_booking: true });
      const later = await createBooking(plain.db, { date: plusDays(today, 15), timezone: zone });
      expect(await paymentState(plain, later.manageKey)).toMatchObject({ balance_due_date: plusDays(today, 1), balance_due_on_booking: false });
    }
    expect(todayInZone('Pacific/Kiritimati')).not.toBe(todayInZone('Pacific/Pago_Pago'));
  });

  it('reads the same in the confirmation mail and in a receipt: now, on booking, never a past date', async () => {
    const today = todayInZone('Europe/London');
    const visitor = await plain.visitor();
    const res = await visitor.post('/api/bookings', bookingBody({ date: plusDays(today, 3) }));
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookerBookingResponse.parse(res.json()).booking;
    const [confirmation] = await mailsOf(plain, booking.id, 'booking_confirmation');
    expect(confirmation?.text).toContain(`To confirm your booking, pay £120.00, due now, on booking (${longDate(today)}): the game is 14 days away or less.`);

    const admin = await plain.as('admin');
    const paid = await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'bank_transfer', payment_amount: 3_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const [receipt] = await mailsOf(plain, booking.id, 'payment.receipt');
    expect(receipt?.text).toContain(`Balance due: £90.00 now, on booking (${longDate(today)})`);

    const far = await visitor.post('/api/bookings', bookingBody({ date: plusDays(today, 40) }));
    const farBooking = bookerBookingResponse.parse(far.json()).booking;
    const [farMail] = await mailsOf(plain, farBooking.id, 'booking_confirmation');
    expect(farMail?.text).toContain(`The balance is due by ${longDate(plusDays(today, 26))}.`);
  });

  it('agrees with the payment terms: no deposit beside "due now", in the mail, the page and the checkout alike (issue 31)', async () => {
    const today = todayInZone('Europe/London');
    // Today's game meets late (23:45 London time) so that it is still ahead whenever the suite runs; in the day's last
    // half hour it is tomorrow's game instead (due now all the same).
    const nearest = londonClock() >= '23:30' ? 1 : 0;
    for (const daysAway of [nearest, 5, 13, 14]) {
      const late = daysAway === 0 ? { meeting_time: { hour: 23, minute: 45 } } : {};
      const res = await (await plain.visitor()).post('/api/bookings', bookingBody({ date: plusDays(today, daysAway), ...late }));
      expect(res.statusCode, res.body).toBe(201);
      const booking = bookerBookingResponse.parse(res.json()).booking;
      const [mail] = await mailsOf(plain, booking.id, 'booking_confirmation');
      expect(mail?.text).toContain('due now, on booking');
      expect(mail?.text.toLowerCase()).not.toContain('deposit');
      expect(mail?.html?.toLowerCase()).not.toContain('deposit');
      const state = await paymentState(plain, booking.manage_key);
      expect(state).toMatchObject({ balance_due_on_booking: true, options: { deposit: null, full: 12_000, balance: null } });
      // The server holds the same terms: a deposit cannot be started either.
      const checkout = await (await plain.visitor()).post(`/api/manage/${booking.manage_key}/checkout`, { purpose: 'deposit', amount: 3_000 });
      expect(checkout.statusCode, checkout.body).toBeGreaterThanOrEqual(400);
      expect(checkout.statusCode).toBeLessThan(500);
    }
    // 15 days away the balance is due tomorrow: the deposit is offered, with the balance due by that date (0505).
    const res = await (await plain.visitor()).post('/api/bookings', bookingBody({ date: plusDays(today, 15) }));
    const booking = bookerBookingResponse.parse(res.json()).booking;
    const [mail] = await mailsOf(plain, booking.id, 'booking_confirmation');
    expect(mail?.text).toContain(`pay a deposit of £30.00 (25 %) or the full £120.00. The balance is due by ${longDate(plusDays(today, 1))}.`);
    expect(mail?.text).not.toContain('due now');
    const state = await paymentState(plain, booking.manage_key);
    expect(state).toMatchObject({ balance_due_on_booking: false, balance_due_date: plusDays(today, 1), options: { deposit: 3_000, full: 12_000 } });
  });
});

describe('paying by bank transfer: the confirmation mail', () => {
  it('carries the account and the booking reference when BANK_TRANSFER_DETAILS is set', async () => {
    const res = await (await bank.visitor()).post('/api/bookings', bookingBody());
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookerBookingResponse.parse(res.json()).booking;
    const [mail] = await mailsOf(bank, booking.id, 'booking_confirmation');
    expect(mail?.text).toContain(`Pay by bank transfer to:\n${BANK}\nReference: HATCH-${booking.temp_code}`);
    expect(mail?.text).toContain('To confirm your booking, pay a deposit of £30.00 (25 %) or the full £120.00.');
    expect(mail?.html).toContain('Sort code 00-11-22');
    expect(mail?.html).toContain(`Reference: HATCH-${booking.temp_code}`);
    // The page shows the same account and reference.
    expect(await paymentState(bank, booking.manage_key)).toMatchObject({
      provider: 'bank_transfer',
      bank_transfer: { details: BANK, reference: `HATCH-${booking.temp_code}` },
    });
  });

  it('asks the booker to reply for the account when none is set, and promises no other mail', async () => {
    const res = await (await plain.visitor()).post('/api/bookings', bookingBody());
    const booking = bookerBookingResponse.parse(res.json()).booking;
    const [mail] = await mailsOf(plain, booking.id, 'booking_confirmation');
    expect(mail?.text).toContain(
      `To pay by bank transfer, reply to this email and we will send you our account details. Your reference: HATCH-${booking.temp_code}`,
    );
    expect(mail?.text).not.toContain('Pay by bank transfer to:');
    expect(mail?.text).not.toContain("We'll be in touch about payment");
    expect(await paymentState(plain, booking.manage_key)).toMatchObject({ provider: 'bank_transfer', bank_transfer: { details: null } });
  });

  it('tells the page which way bookers pay, for the staff payment form', async () => {
    const page = await bank.app.inject({ method: 'GET', url: '/admin/bookings/1' });
    expect(page.body).toContain('<meta name="payment-method" content="bank_transfer">');
    const card = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' });
    try {
      expect((await card.app.inject({ method: 'GET', url: '/admin/bookings/1' })).body).toContain('<meta name="payment-method" content="card">');
      const res = await (await card.visitor()).post('/api/bookings', bookingBody());
      const booking = bookerBookingResponse.parse(res.json()).booking;
      const [mail] = await mailsOf(card, booking.id, 'booking_confirmation');
      expect(mail?.text).toContain(`Pay online by card from your booking page: http://localhost:3000/manage/${booking.manage_key}`);
      expect(mail?.text).not.toContain('bank transfer');
    } finally {
      await card.close();
    }
  });
});

describe('the meeting time fallback, 14:00 (spec section 9)', () => {
  const spoil = (app: TestApp, id: number, meetingTime: string, keepInstant: boolean) =>
    app.db.execute(
      sql`update bookings set meeting_time = ${meetingTime}::jsonb, utc_date_time = case when ${keepInstant} then utc_date_time else null end where id = ${id}`,
    );

  it('gives a booking loaded without a usable time 14:00 in its zone, to the booker, staff, players and mails', async () => {
    const paid = await createPaidBooking(plain.db, {
      date: '2031-07-01',
      timezone: 'Europe/Paris',
      meetingTime: { hour: 18, minute: 0 },
      utcDateTime: new Date('2031-07-01T16:00:00Z'),
    });
    await spoil(plain, paid.booking.id, '{"hour": 99, "minute": 0}', false);

    const organiser = await (await plain.visitor()).get(`/api/manage/${paid.booking.manageKey}`);
    expect(organiser.json().booking).toMatchObject({ meeting_time: { hour: 14, minute: 0 }, utcDateTime: '2031-07-01T12:00:00.000Z' });
    const admin = await plain.as('admin');
    const staff = await admin.get(`/api/admin/bookings/${paid.booking.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().booking).toMatchObject({ meeting_time: { hour: 14, minute: 0 }, utcDateTime: '2031-07-01T12:00:00.000Z' });
    const players = await (await plain.visitor()).get(`/api/booking/${paid.gameCode}`);
    expect(players.json().booking).toMatchObject({ meeting_time: { hour: 14, minute: 0 }, utcDateTime: '2031-07-01T12:00:00.000Z' });
    const play = await (await plain.visitor()).get(`/api/play/${paid.gameCode}`);
    expect(play.json().game.starts_at).toBe('2031-07-01T12:00:00.000Z');
  });

  it('reads a time stored as a JSON string, and takes the stored instant before the fallback', async () => {
    const asText = await createBooking(plain.db, { date: '2031-07-02' });
    await spoil(plain, asText.id, '"{\\"hour\\": 9, \\"minute\\": 45}"', false);
    const a = await (await plain.visitor()).get(`/api/booking/${asText.tempCode}`);
    expect(a.json().booking).toMatchObject({ meeting_time: { hour: 9, minute: 45 }, utcDateTime: '2031-07-02T08:45:00.000Z' });

    const withInstant = await createBooking(plain.db, { date: '2031-07-03', utcDateTime: new Date('2031-07-03T10:30:00Z') });
    await spoil(plain, withInstant.id, '"later"', true);
    const b = await (await plain.visitor()).get(`/api/booking/${withInstant.tempCode}`);
    expect(b.json().booking).toMatchObject({ meeting_time: { hour: 11, minute: 30 }, utcDateTime: '2031-07-03T10:30:00.000Z' });
  });

  it('mails 14:00 for a booking without a usable time', async () => {
    const booking = await createBooking(plain.db, { date: '2031-07-04' });
    await spoil(plain, booking.id, 'null', false);
    const admin = await plain.as('admin');
    const res = await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'bank_transfer', payment_amount: 12_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ meeting_time: { hour: 14, minute: 0 }, utcDateTime: '2031-07-04T13:00:00.000Z' });
    const [paidMail] = await mailsOf(plain, booking.id, 'booking.paid');
    expect(paidMail?.text).toContain('Meeting time: 14:00 (London time)');
  });
});
