import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { startStripeStandIn, stripeEnv, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { checkouts, providerEvents } from '../../src/server/domains/commerce/tables/checkouts';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { games } from '../../src/server/domains/game/tables/games';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { confirmCheckoutResponse, PAYMENT_MESSAGES, paymentStateResponse, startCheckoutResponse } from '../../src/shared/api/payments';
import { refundTooHighMessage } from '../../src/shared/api/admin-booking-detail';

/**
 * Issue 15, paying online (decisions 0190, 0250, 0252): the real Stripe adapter of the app talks to a local stand-in of
 * Stripe; webhooks are signed by the stand-in with the app's signing secret and posted as the provider would.
 */
let t: TestApp;
let stripe: StripeStandIn;
let booker: Agent;
let admin: Agent;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    ...stripeEnv(stripe),
    PUBLIC_URL: 'https://hatch.example',
  });
  booker = await t.visitor();
  admin = await t.as('admin', { name: 'Rita Refunds' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (event: SignedEvent) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
const stateOf = async (key: string) => paymentStateResponse.parse((await booker.get(`/api/manage/${key}/payment`)).json()).payment;
const startCheckout = (key: string, purpose: string, amount: number) => booker.post(`/api/manage/${key}/checkout`, { purpose, amount });
const confirm = (key: string, sessionId: string) => booker.post(`/api/manage/${key}/checkout/${sessionId}/confirm`);
const mailsOf = (bookingId: number, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, kind)));
const ledgerOf = (bookingId: number) => t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId)).orderBy(bookingPayments.id);
const statusOf = async (bookingId: number) => (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.bookingStatus;

/** A £120 booking (8 × £15) and a checkout of its deposit (£30) at the stand-in. */
async function depositCheckout(overrides: Parameters<typeof createBooking>[1] = {}) {
  const booking = await createBooking(t.db, overrides);
  const res = await startCheckout(booking.manageKey, 'deposit', 3_000);
  expect(res.statusCode, res.body).toBe(201);
  const { checkout_url, session_id } = startCheckoutResponse.parse(res.json());
  return { booking, url: checkout_url, sessionId: session_id };
}

describe('the booker pays a deposit', () => {
  it('offers the deposit or the full price in the booking currency, with the balance due date', async () => {
    const booking = await createBooking(t.db, { currency: 'EUR', date: '2030-06-15' });
    expect(await stateOf(booking.manageKey)).toMatchObject({
      currency: 'EUR',
      total: 12_000,
      paid: 0,
      due: 12_000,
      deposit_percent: 25,
      balance_due_date: '2030-06-01',
      options: { deposit: 3_000, full: 12_000, balance: null },
      provider: 'stripe',
      cancelled: false,
    });
  });

  it('opens a checkout at the provider for the deposit, in the booking currency, back to the management page', async () => {
    const { booking, url, sessionId } = await depositCheckout({ currency: 'USD' });
    const session = stripe.sessions.get(sessionId);
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
    expect(session).toMatchObject({
      amount_total: 3_000,
      currency: 'usd',
      customer_email: booking.email,
      metadata: { booking_id: String(booking.id), purpose: 'deposit' },
    });
    expect(session?.success_url).toBe(`https://hatch.example/manage/${booking.manageKey}/paid?session_id={CHECKOUT_SESSION_ID}`);
    expect(await t.db.select().from(checkouts).where(eq(checkouts.bookingId, booking.id))).toMatchObject([
      { amount: 3_000, currency: 'USD', purpose: 'deposit', status: 'pending' },
    ]);
    expect(await statusOf(booking.id)).toBe('enquiry');
  });

  it('webhook first, then the return page, then the webhook again: paid once, the game code mailed once', async () => {
    const { booking, sessionId } = await depositCheckout();
    stripe.pay(sessionId);
    const event = stripe.event(sessionId);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('paid');

    const returned = confirmCheckoutResponse.parse((await confirm(booking.manageKey, sessionId)).json());
    expect(returned).toMatchObject({ status: 'paid', payment: { paid: 3_000, due: 9_000, options: { balance: 9_000 } } });
    // The same event replayed, and another event about the same session: nothing more.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);

    expect(await ledgerOf(booking.id)).toMatchObject([
      { kind: 'payment', paymentType: 'card', paymentAmount: 3_000, provider: 'stripe', providerReference: sessionId },
    ]);
    expect(await mailsOf(booking.id, 'booking.paid')).toHaveLength(1);
    expect(await mailsOf(booking.id, 'payment.receipt')).toHaveLength(1);
    expect(await t.db.select().from(games).where(eq(games.bookingId, booking.id))).toHaveLength(1);
    const events = await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id));
    expect(events).toMatchObject([{ type: 'checkout.session.completed', outcome: 'paid' }]);
  });

  it(
    'return page first (the webhook is late): the payment is recorded from the provider, and the late webhook adds nothing',
    { tags: ['postgres'] },
    async () => {
      const { booking, sessionId } = await depositCheckout();
      const early = confirmCheckoutResponse.parse((await confirm(booking.manageKey, sessionId)).json());
      expect(early.status).toBe('pending');
      expect(await ledgerOf(booking.id)).toHaveLength(0);

      stripe.pay(sessionId);
      const [first, second] = await Promise.all([confirm(booking.manageKey, sessionId), confirm(booking.manageKey, sessionId)]);
      expect([first?.json().status, second?.json().status]).toEqual(['paid', 'paid']);
      expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);
      expect(await ledgerOf(booking.id)).toHaveLength(1);
      expect(await mailsOf(booking.id, 'booking.paid')).toHaveLength(1);
      const [mail] = await mailsOf(booking.id, 'payment.receipt');
      expect(mail?.text).toContain('Amount paid: £30.00');
      expect(mail?.text).toContain('Balance due: £90.00 by 1 June 2030');
    },
  );

  it('pays the balance next; nothing is due after, and the game code is not mailed again', async () => {
    const { booking, sessionId } = await depositCheckout();
    stripe.pay(sessionId);
    await deliver(stripe.event(sessionId));

    expect((await startCheckout(booking.manageKey, 'full', 12_000)).json()).toMatchObject({ errors: { purpose: [PAYMENT_MESSAGES.purposeNotOffered] } });
    const stale = await startCheckout(booking.manageKey, 'balance', 12_000);
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toMatchObject({ errors: { amount: [PAYMENT_MESSAGES.amountMismatch] } });

    const res = await startCheckout(booking.manageKey, 'balance', 9_000);
    const balance = startCheckoutResponse.parse(res.json()).session_id;
    stripe.pay(balance);
    await deliver(stripe.event(balance));
    expect(await stateOf(booking.manageKey)).toMatchObject({ paid: 12_000, due: 0, options: { deposit: null, full: null, balance: null } });
    const done = await startCheckout(booking.manageKey, 'balance', 9_000);
    expect({ status: done.statusCode, message: done.json().message }).toEqual({ status: 409, message: PAYMENT_MESSAGES.nothingDue });
    expect(await mailsOf(booking.id, 'booking.paid')).toHaveLength(1);
    expect(await mailsOf(booking.id, 'payment.receipt')).toHaveLength(2);
  });
});

describe('bad input is refused and changes nothing', () => {
  it('refuses a forged, unsigned or stale webhook (no CSRF token needed: the signature is the proof)', async () => {
    const { booking, sessionId } = await depositCheckout();
    stripe.pay(sessionId);
    const forged = stripe.event(sessionId, 'checkout.session.completed', { secret: 'whsec_not_ours' });
    const stale = stripe.event(sessionId, 'checkout.session.completed', { timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    const genuine = stripe.event(sessionId);
    const tampered = { ...genuine, payload: genuine.payload.replace('"amount_total":3000', '"amount_total":1') };
    for (const event of [forged, stale, tampered, { ...genuine, signature: '' }]) {
      const res = await deliver(event);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'Invalid webhook signature', code: 'bad_request' } });
    }
    expect(await ledgerOf(booking.id)).toHaveLength(0);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, genuine.id))).toHaveLength(0);
    expect(await statusOf(booking.id)).toBe('enquiry');
  });

  it('refuses a paid checkout whose amount does not match the one it was opened for', async () => {
    const { booking, sessionId } = await depositCheckout();
    stripe.pay(sessionId);
    expect((await deliver(stripe.event(sessionId, 'checkout.session.completed', { amountTotal: 100 }))).statusCode).toBe(200);
    expect(await ledgerOf(booking.id)).toHaveLength(0);
    expect(await t.db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.providerSessionId, sessionId))).toEqual([{ status: 'refused' }]);
    expect(await statusOf(booking.id)).toBe('enquiry');
  });

  it('refuses to take payment for a cancelled booking, also when it was cancelled during the checkout', async () => {
    const lost = await createBooking(t.db, { leadStatus: 'lost' });
    const res = await startCheckout(lost.manageKey, 'deposit', 3_000);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message: PAYMENT_MESSAGES.cancelled });
    expect((await stateOf(lost.manageKey)).options).toEqual({ deposit: null, full: null, balance: null });

    const { booking, sessionId } = await depositCheckout();
    await t.db.update(bookings).set({ bookingStatus: 'cancelled' }).where(eq(bookings.id, booking.id));
    stripe.pay(sessionId);
    await deliver(stripe.event(sessionId));
    expect(await ledgerOf(booking.id)).toHaveLength(0);
    expect(await statusOf(booking.id)).toBe('cancelled');
    expect(await mailsOf(booking.id, 'booking.paid')).toHaveLength(0);
  });

  it('an expired checkout records nothing, and the return page says so', async () => {
    const { booking, sessionId } = await depositCheckout();
    const session = stripe.sessions.get(sessionId);
    if (session) session.status = 'expired';
    expect((await deliver(stripe.event(sessionId, 'checkout.session.expired'))).statusCode).toBe(200);
    expect(confirmCheckoutResponse.parse((await confirm(booking.manageKey, sessionId)).json()).status).toBe('expired');
    expect(await ledgerOf(booking.id)).toHaveLength(0);
  });

  it('refuses an unknown purpose, a made-up session and another booking’s session', async () => {
    const { booking, sessionId } = await depositCheckout();
    const other = await createBooking(t.db);
    expect((await startCheckout(booking.manageKey, 'everything', 3_000)).statusCode).toBe(422);
    expect((await confirm(booking.manageKey, 'cs_test_madeup')).statusCode).toBe(404);
    expect((await confirm(other.manageKey, sessionId)).statusCode).toBe(404);
    expect((await booker.get('/api/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/payment')).statusCode).toBe(404);
  });
});

describe('refunds from the booking detail', () => {
  const bookingOf = (res: { json(): unknown }) => adminBookingResponse.parse(res.json()).booking;

  async function paidByCard() {
    const { booking, sessionId } = await depositCheckout();
    stripe.pay(sessionId);
    await deliver(stripe.event(sessionId));
    const [payment] = await ledgerOf(booking.id);
    return { booking, paymentId: payment?.id ?? 0, intent: stripe.sessions.get(sessionId)?.payment_intent };
  }

  it('refunds part of a card payment through the provider, then refuses more than is left of it', async () => {
    const { booking, paymentId, intent } = await paidByCard();
    const res = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/refund`, { amount: 1_000, reason: 'Two players fewer' });
    expect(res.statusCode, res.body).toBe(201);
    const refund = stripe.refunds.find((r) => r.payment_intent === intent);
    expect(refund).toMatchObject({ amount: 1_000 });
    expect(bookingOf(res).booking_payments).toMatchObject([
      { kind: 'payment', payment_amount: 3_000, provider: 'stripe', recorded_by_name: null },
      { kind: 'refund', payment_amount: -1_000, provider: 'stripe', recorded_by_name: 'Rita Refunds', reason: 'Two players fewer' },
    ]);
    expect((await ledgerOf(booking.id))[1]?.providerReference).toBe(refund?.id);
    const [receipt] = await mailsOf(booking.id, 'payment.refund_receipt');
    expect(receipt?.text).toContain('Amount refunded: £10.00');

    const refundsBefore = stripe.refunds.length;
    const tooMuch = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/refund`, { amount: 2_001, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([refundTooHighMessage('£20.00')]);
    expect(stripe.refunds.length).toBe(refundsBefore);
    expect(await ledgerOf(booking.id)).toHaveLength(2);
  });

  it('refunds all of a card payment: the booking is unpaid again; a card payment cannot be voided', async () => {
    const { booking, paymentId } = await paidByCard();
    const voided = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/void`, { reason: 'Oops' });
    expect({ status: voided.statusCode, message: voided.json().message }).toEqual({ status: 422, message: PAYMENT_MESSAGES.voidProviderPayment });
    const res = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/refund`, { amount: 3_000, reason: 'Cancelled by the booker' });
    expect(res.statusCode).toBe(201);
    expect(bookingOf(res).booking_status).toBe('lead');
    expect((await stateOf(booking.manageKey)).options).toEqual({ deposit: 3_000, full: 12_000, balance: null });
  });

  it('writes nothing when the provider refuses the refund', async () => {
    const { booking, paymentId, intent } = await paidByCard();
    // Refunded at the provider's own dashboard meanwhile: the provider has less left than our ledger says.
    stripe.refunds.push({ id: 're_test_dashboard', payment_intent: intent ?? '', amount: 2_500 });
    const res = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/refund`, { amount: 1_000, reason: 'Two players fewer' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 502,
      // A 5xx names its request, so an operator can find its log lines (the id is the answer's X-Request-Id).
      body: { message: PAYMENT_MESSAGES.refundProviderFailed, code: 'upstream_failed', request_id: res.headers['x-request-id'] },
    });
    expect(await ledgerOf(booking.id)).toHaveLength(1);
    expect(await mailsOf(booking.id, 'payment.refund_receipt')).toHaveLength(0);
  });

  it('records a refund of a hand-recorded payment by hand, without the provider', async () => {
    const booking = await createBooking(t.db);
    const paid = bookingOf(await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'bank_transfer', payment_amount: 5_000 }));
    const paymentId = paid.booking_payments[0]?.id ?? 0;
    const refundsBefore = stripe.refunds.length;
    const res = await admin.post(`/api/admin/bookings/${booking.id}/payments/${paymentId}/refund`, { amount: 2_000, reason: 'Goodwill' });
    expect(res.statusCode).toBe(201);
    expect(bookingOf(res).booking_payments[1]).toMatchObject({ kind: 'refund', payment_amount: -2_000, provider: null, recorded_by_name: 'Rita Refunds' });
    expect(stripe.refunds.length).toBe(refundsBefore);
    // Receipts for every payment, whoever recorded it.
    expect(await mailsOf(booking.id, 'payment.receipt')).toHaveLength(1);
  });
});

describe('without a card provider: bank transfer', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ BANK_TRANSFER_DETAILS: 'Hatch Ltd, sort code 00-00-00, account 12345678' });
  });
  afterAll(async () => plain.close());

  it('shows the account and the booking reference, and refuses a card checkout', async () => {
    const visitor = await plain.visitor();
    const booking = await createBooking(plain.db);
    const state = paymentStateResponse.parse((await visitor.get(`/api/manage/${booking.manageKey}/payment`)).json()).payment;
    expect(state).toMatchObject({
      provider: 'bank_transfer',
      bank_transfer: { reference: `HATCH-${booking.tempCode}`, details: 'Hatch Ltd, sort code 00-00-00, account 12345678' },
    });
    const res = await visitor.post(`/api/manage/${booking.manageKey}/checkout`, { purpose: 'deposit', amount: 3_000 });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message: PAYMENT_MESSAGES.noProvider });
    const hook = await plain.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.statusCode).toBe(400);
  });
});
