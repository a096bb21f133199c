import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { gameInstances, games } from '../../src/server/domains/game/tables/games';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { paymentStateResponse } from '../../src/shared/api/payments';
import { concessionTooHighMessage, DETAIL_MESSAGES } from '../../src/shared/api/admin-booking-detail';

/**
 * Issue 35, decision 0505: a refund says what it is. A concession lowers the price (nothing becomes due, a credit note),
 * a cancellation lowers it and cancels the booking before its game, a correction (the default) leaves the price as it
 * was. Tagged, so the PostgreSQL pass runs it too.
 */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Rhona Refunds' });
  const settings = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street\nLondon EC1 1AA', vat_number: 'GB123456789', vat_rate: 20 };
  expect((await admin.put('/api/admin/invoice-settings', settings)).statusCode).toBe(200);
});
afterAll(async () => t?.close());

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const bookingOf = (res: { json(): unknown }) => adminBookingResponse.parse(res.json()).booking;

/** The booking: 12 players at £40.50, £486, paid in full by card through staff. */
async function paidInFull() {
  const b = await createBooking(t.db, { players: 12, pricePerPersonMinor: 4050 });
  const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 48_600 });
  expect(res.statusCode, res.body).toBe(201);
  const booking = bookingOf(res);
  expect(booking).toMatchObject({ total_price: 486, booking_status: 'paid' });
  return { booking, key: b.manageKey, paymentId: booking.booking_payments[0]?.id ?? 0 };
}

async function bookerPayment(key: string) {
  const res = await (await t.visitor()).get(`/api/manage/${key}/payment`);
  expect(res.statusCode, res.body).toBe(200);
  return paymentStateResponse.parse(res.json()).payment;
}
const refundReceipts = (bookingId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, 'payment.refund_receipt')));
const creditNotes = (bookingId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'credit_note')));

describe('refund purposes (decision 0505)', { tags: ['postgres'] }, () => {
  it('a goodwill concession of £60 of £486 after full payment lowers the price: nothing due, a credit note, a receipt saying so', async () => {
    const { booking, key, paymentId } = await paidInFull();
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 6_000, reason: 'Goodwill: it rained', purpose: 'concession' });
    expect(res.statusCode, res.body).toBe(201);
    const after = bookingOf(res);
    expect(after).toMatchObject({ total_price: 426, booking_status: 'paid' });
    expect(after.booking_payments.at(-1)).toMatchObject({ kind: 'refund', payment_amount: -6_000, purpose: 'concession', reason: 'Goodwill: it rained' });

    // The booker's page: nothing due, nothing to pay.
    expect(await bookerPayment(key)).toMatchObject({ total: 42_600, paid: 42_600, due: 0, options: { deposit: null, full: null, balance: null } });

    const [credit] = await creditNotes(booking.id);
    expect(credit).toMatchObject({ gross: -6_000 });
    expect(JSON.stringify(credit?.lines)).toContain('Price reduced: Goodwill: it rained');

    const [receipt] = await refundReceipts(booking.id);
    expect(receipt?.text).toContain('Amount refunded: £60.00');
    expect(receipt?.text).toContain('Total price: £426.00');
    expect(receipt?.text).toContain('Balance due: Nothing');
    expect(receipt?.text).not.toContain('£60.00 now');
  });

  it('a correction (the default) gives money back with the price unchanged: the amount is due again', async () => {
    const { booking, key, paymentId } = await paidInFull();
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 6_000, reason: 'Charged twice for the add-on' });
    expect(res.statusCode, res.body).toBe(201);
    const after = bookingOf(res);
    expect(after).toMatchObject({ total_price: 486, booking_status: 'paid' });
    expect(after.booking_payments.at(-1)).toMatchObject({ purpose: 'correction' });
    expect(await bookerPayment(key)).toMatchObject({ total: 48_600, due: 6_000, options: { balance: 6_000 } });
    const [receipt] = await refundReceipts(booking.id);
    expect(receipt?.text).toContain('Balance due: £60.00');
  });

  it('a cancellation before the game lowers the price to what is kept and cancels the booking, mailing the booker', async () => {
    const { booking, key, paymentId } = await paidInFull();
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 40_000, reason: 'Cancelled, fee kept', purpose: 'cancellation' });
    expect(res.statusCode, res.body).toBe(201);
    expect(bookingOf(res)).toMatchObject({ total_price: 86, booking_status: 'cancelled' });
    expect(await bookerPayment(key)).toMatchObject({ total: 8_600, due: 0, cancelled: true });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.kind, 'booking.cancelled')));
    expect(mails).toHaveLength(1);
    expect(await creditNotes(booking.id)).toHaveLength(1);
  });

  it('a cancellation after the game started is an unplayed part: the price drops, the booking stays as it is', async () => {
    const { booking, paymentId } = await paidInFull();
    const [game] = await t.db.select().from(games).where(eq(games.bookingId, booking.id));
    await t.db.insert(gameInstances).values({ gameId: game?.id ?? 0, status: 'live' });
    const res = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), {
      amount: 8_100,
      reason: 'Two players could not come',
      purpose: 'cancellation',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(bookingOf(res)).toMatchObject({ total_price: 405, booking_status: 'paid' });
  });

  it('refuses an unknown purpose and a price reduction below nothing, changing nothing', async () => {
    const { booking, paymentId } = await paidInFull();
    const bad = await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 100, reason: 'x', purpose: 'goodwill' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { purpose: [DETAIL_MESSAGES.refundPurpose] } });
    // A booking overpaid by staff: the price cannot go below nothing.
    const extra = bookingOf(await admin.post(url(booking.id, '/payments'), { payment_type: 'cash', payment_amount: 10_000 }));
    const cash = extra.booking_payments.at(-1)?.id ?? 0;
    await admin.post(url(booking.id, `/payments/${paymentId}/refund`), { amount: 48_600, reason: 'Free game', purpose: 'concession' });
    const below = await admin.post(url(booking.id, `/payments/${cash}/refund`), { amount: 100, reason: 'x', purpose: 'concession' });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ errors: { amount: [concessionTooHighMessage('£0.00')] } });
    const row = bookingOf(await admin.get(url(booking.id)));
    expect(row).toMatchObject({ total_price: 0, booking_status: 'paid' });
    expect(row.booking_payments).toHaveLength(3);
  });
});
