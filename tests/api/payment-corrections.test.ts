import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { gameInstances, games } from '../../src/server/domains/game/tables/games';
import { DETAIL_MESSAGES, refundTooHighMessage } from '../../src/shared/api/admin-booking-detail';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { paymentsResponse } from '../../src/shared/api/admin-payments';
import { netPaid } from '../../src/shared/payments';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Petra Payments' });
});
afterAll(async () => t.close());

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const bookingOf = (res: { json(): unknown }) => adminBookingResponse.parse(res.json()).booking;
const activities = (bookingId: number, action: string) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.bookingId, bookingId), eq(activityLog.action, action)));

/** A booking with one payment recorded through the API (as staff do); answers the booking and the payment id. */
async function paidThroughApi(overrides: Parameters<typeof createBooking>[1] = {}, pence = 12_000) {
  const b = await createBooking(t.db, overrides);
  const booking = bookingOf(await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: pence }));
  const paymentId = booking.booking_payments[0]?.id ?? 0;
  return { booking, paymentId };
}

describe('payments in the booking currency', () => {
  it('records and answers each entry in the currency of its booking', async () => {
    const { booking } = await paidThroughApi({ currency: 'USD' }, 60_000);
    expect(booking.booking_payments).toMatchObject([{ kind: 'payment', payment_amount: 60_000, currency: 'USD', recorded_by_name: 'Petra Payments' }]);
    const [row] = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    expect(row?.currency).toBe('USD');
    const euro = await paidThroughApi({ currency: 'EUR' });
    expect(euro.booking.booking_payments[0]?.currency).toBe('EUR');
  });

  it('lists payments with their currency and kind in the payments overview', async () => {
    const { booking, paymentId } = await paidThroughApi({ currency: 'EUR' }, 5_000);
    await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 1_000, reason: 'Two players fewer' });
    const list = paymentsResponse.parse((await admin.get('/api/admin/payments?per_page=100')).json());
    const mine = list.payments.filter((p) => p.booking_id === booking.id);
    expect(mine.map((p) => [p.kind, p.payment_amount, p.currency]).sort()).toEqual([
      ['payment', 5_000, 'EUR'],
      ['refund', -1_000, 'EUR'],
    ]);
  });
});

describe('a paid booking is a converted lead', () => {
  it('converts the lead on the payment that makes the booking paid, with a note and a log entry', async () => {
    const b = await createBooking(t.db, { bookingStatus: 'lead', leadStatus: 'negotiating', leadStatusReason: 'Sent a quote' });
    const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 12_000 });
    const booking = bookingOf(res);
    expect(booking).toMatchObject({ booking_status: 'paid', lead_status: 'converted', lead_status_reason: 'Booking paid' });
    expect(booking.lead_status_changed_at).not.toBeNull();
    expect(booking.contact_history.map((h) => h.note)).toContain('Lead status changed to converted: Booking paid');
    const [entry] = await activities(b.id, 'booking.lead_status');
    expect(entry).toMatchObject({ actorId: admin.userId, before: { lead_status: 'negotiating' }, after: { lead_status: 'converted' } });

    await admin.post(url(b.id, '/payments'), { payment_type: 'cash', payment_amount: 100 });
    expect(await activities(b.id, 'booking.lead_status')).toHaveLength(1);
  });

  it('leaves a lead that is already converted alone', async () => {
    const b = await createBooking(t.db, { leadStatus: 'converted', leadStatusReason: 'Signed the quote' });
    const booking = bookingOf(await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 500 }));
    expect(booking.lead_status_reason).toBe('Signed the quote');
    expect(await activities(b.id, 'booking.lead_status')).toHaveLength(0);
  });
});

describe('POST /api/admin/bookings/:id/payments/:paymentId/void', () => {
  it('voids the only payment with its own entry: the booking is unpaid again (lead) and keeps its game', async () => {
    const { booking, paymentId } = await paidThroughApi();
    const gameCode = booking.game?.code;
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Typed £100,000 by mistake' });
    expect(res.statusCode).toBe(201);
    const after = bookingOf(res);
    expect(after.booking_payments).toMatchObject([
      { id: paymentId, kind: 'payment', payment_amount: 12_000 },
      {
        kind: 'void',
        payment_amount: -12_000,
        corrects_payment_id: paymentId,
        reason: 'Typed £100,000 by mistake',
        recorded_by_name: 'Petra Payments',
        currency: 'GBP',
      },
    ]);
    expect(netPaid(after.booking_payments)).toBe(0);
    expect(after.booking_status).toBe('lead');
    expect(after.game?.code).toBe(gameCode);
    expect(await t.db.select().from(games).where(eq(games.bookingId, booking.id))).toHaveLength(1);
    const [entry] = await activities(booking.id, 'payment.void');
    expect(entry).toMatchObject({
      actorId: admin.userId,
      before: { booking_status: 'paid', net_paid: 12_000 },
      after: { booking_status: 'lead', net_paid: 0, payment_id: paymentId, amount: 12_000, reason: 'Typed £100,000 by mistake' },
    });

    // Paid again: the same game, paid status.
    const again = bookingOf(await admin.post(url(booking.id, '/payments'), { payment_type: 'card', payment_amount: 12_000 }));
    expect(again).toMatchObject({ booking_status: 'paid', game: { code: gameCode } });
  });

  it('refuses to void twice, and a correction, and unknown payments; changes nothing', async () => {
    const { booking, paymentId } = await paidThroughApi();
    expect((await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Duplicate' })).statusCode).toBe(201);
    const twice = await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Duplicate' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: DETAIL_MESSAGES.alreadyVoided, code: 'conflict' });
    const voidEntry = (
      await t.db
        .select()
        .from(bookingPayments)
        .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.kind, 'void')))
    )[0];
    const ofVoid = await admin.post(url(booking.id, `/payments/${voidEntry?.id ?? 0}/void`), { reason: 'x' });
    expect(ofVoid.statusCode).toBe(422);
    expect(ofVoid.json().message).toBe(DETAIL_MESSAGES.onlyPayments);
    const unknown = await admin.post(url(booking.id, '/payments/987654/void'), { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: DETAIL_MESSAGES.paymentNotFound, code: 'not_found' });
    const other = await paidThroughApi();
    expect((await admin.post(url(booking.id, `/payments/${other.paymentId}/void`), { reason: 'x' })).statusCode).toBe(404);
    expect((await admin.post(url(999_123, `/payments/${paymentId}/void`), { reason: 'x' })).statusCode).toBe(404);
    const noReason = await admin.post(url(other.booking.id, `/payments/${other.paymentId}/void`), { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(DETAIL_MESSAGES.correctionReason);
    expect(await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id))).toHaveLength(2);
    expect(await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, other.booking.id))).toHaveLength(1);
  });

  it('voids once when two staff void together', { tags: ['postgres'] }, async () => {
    const { booking, paymentId } = await paidThroughApi();
    const colleague = await t.as('admin');
    const results = await Promise.all([
      admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'a' }),
      colleague.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'b' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('keeps a booking whose game has started paid, and its game', async () => {
    const { booking, gameId } = await createPaidBooking(t.db);
    await t.db.insert(gameInstances).values({ gameId, status: 'live' });
    const [payment] = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    const after = bookingOf(await admin.post(url(booking.id, `/payments/${payment?.id ?? 0}/void`), { reason: 'Paid by the other card' }));
    expect(after.booking_status).toBe('paid');
    expect(after.game?.has_live_instance).toBe(true);
  });

  it('keeps the booking paid while other payments remain', async () => {
    const { booking, paymentId } = await paidThroughApi({}, 6_000);
    await admin.post(url(booking.id, '/payments'), { payment_type: 'cash', payment_amount: 6_000 });
    const after = bookingOf(await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Card charge reversed' }));
    expect(after.booking_status).toBe('paid');
    expect(netPaid(after.booking_payments)).toBe(6_000);
  });

  it('will not start the game of a booking that is no longer paid', async () => {
    const { booking, paymentId } = await paidThroughApi();
    await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Bounced' });
    const res = await admin.post(url(booking.id, '/start-game'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DETAIL_MESSAGES.notPaid);
    expect(await t.db.select().from(gameInstances).innerJoin(games, eq(games.id, gameInstances.gameId)).where(eq(games.bookingId, booking.id))).toHaveLength(0);
  });
});

describe('POST /api/admin/bookings/:id/payments/:paymentId/refund', () => {
  it('refunds part of a payment as its own entry; refunding the rest leaves the booking unpaid', async () => {
    const { booking, paymentId } = await paidThroughApi({}, 12_000);
    const part = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 2_000, reason: 'Two players fewer' });
    expect(part.statusCode).toBe(201);
    const afterPart = bookingOf(part);
    expect(afterPart.booking_status).toBe('paid');
    expect(afterPart.booking_payments.at(-1)).toMatchObject({
      kind: 'refund',
      payment_amount: -2_000,
      corrects_payment_id: paymentId,
      reason: 'Two players fewer',
      payment_type: 'card',
    });
    expect(netPaid(afterPart.booking_payments)).toBe(10_000);
    expect(await activities(booking.id, 'payment.refund')).toHaveLength(1);

    const tooMuch = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 10_001, reason: 'Cancelled' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ message: refundTooHighMessage('£100.00'), errors: { amount: [refundTooHighMessage('£100.00')] } });

    const rest = bookingOf(await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 10_000, reason: 'Cancelled' }));
    expect(netPaid(rest.booking_payments)).toBe(0);
    expect(rest.booking_status).toBe('lead');
    const nothing = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 1, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(DETAIL_MESSAGES.nothingLeft);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.bookingStatus).toBe('lead');
  });

  it('refuses amounts that are not positive whole pence, a missing reason, and a voided payment', async () => {
    const { booking, paymentId } = await paidThroughApi();
    for (const amount of [0, -100, 12.5, '100', undefined]) {
      const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount, reason: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(DETAIL_MESSAGES.refundAmount);
    }
    expect((await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 100 })).statusCode).toBe(422);
    await admin.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'Wrong booking' });
    const ofVoided = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 100, reason: 'x' });
    expect(ofVoided.statusCode).toBe(409);
    expect(ofVoided.json().message).toBe(DETAIL_MESSAGES.alreadyVoided);
    expect(await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id))).toHaveLength(2);
  });

  it('says the limit in the booking currency', async () => {
    const { booking, paymentId } = await paidThroughApi({ currency: 'USD' }, 5_000);
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 6_000, reason: 'x' });
    expect(res.json().message).toBe(refundTooHighMessage('$50.00'));
  });

  it('refuses a stale version and an anonymous caller', async () => {
    const { booking, paymentId } = await paidThroughApi();
    const stale = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 100, reason: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    const anon = await t.visitor();
    expect((await anon.post(url(booking.id, `/payments/${paymentId}/void`), { reason: 'x' })).statusCode).toBe(401);
    expect(await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id))).toHaveLength(1);
  });
});
