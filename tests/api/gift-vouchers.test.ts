import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { startStripeStandIn, stripeEnv, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { bookingBody } from '../../scripts/booking-body';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { giftVoucherLedger, giftVouchers } from '../../src/server/domains/commerce/tables/gift-vouchers';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { expireDueVouchers } from '../../src/server/domains/commerce';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { paymentStateResponse } from '../../src/shared/api/payments';
import { discountQuoteResponse } from '../../src/shared/api/promo-codes';
import { invoiceListResponse } from '../../src/shared/api/invoices';
import {
  adminGiftVoucherResponse,
  adminGiftVouchersResponse,
  buyGiftVoucherResponse,
  giftVoucherSettingsResponse,
  publicGiftVoucherResponse,
  redeemVoucherResponse,
} from '../../src/shared/api/gift-vouchers';
import { DISCOUNT_MESSAGES } from '../../src/shared/commerce/discount-code';
import { formatVoucherCode, GIFT_VOUCHER_MESSAGES, VOUCHER_ZONE, voucherExpiresAt } from '../../src/shared/commerce/gift-vouchers';

/**
 * Issue 32, gift vouchers (decision 0401): bought through the real Stripe adapter against the local stand-in, issued
 * once, paid into bookings as payments of type 'voucher', refunded back, expired by the job with a moved clock. The
 * race of 20 is tagged postgres, where the redemptions truly run at once.
 */
let t: TestApp;
let stripe: StripeStandIn;
let admin: Agent & { userId: number };
let visitor: Agent;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    ...stripeEnv(stripe),
    PUBLIC_URL: 'https://hatch.example',
  });
  admin = await t.as('admin');
  visitor = await t.visitor();
  const settings = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: 'GB123456789', vat_rate: 20 };
  expect((await admin.put('/api/admin/invoice-settings', settings)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const deliver = (event: SignedEvent) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
const key = (manageKey: string) => ({ 'x-manage-key': manageKey });

const BUY = { amount: 5_000, currency: 'GBP', recipient_name: 'Ada', message: 'Happy birthday!', buyer_name: 'Grace', buyer_email: 'grace@example.test' };

async function voucherRow(by: { token: string } | { code: string }) {
  const [row] = await t.db
    .select()
    .from(giftVouchers)
    .where('token' in by ? eq(giftVouchers.token, by.token) : eq(giftVouchers.code, by.code));
  if (!row) throw new Error('no such voucher');
  return row;
}
const ledgerOf = async (voucherId: number) =>
  (await t.db.select().from(giftVoucherLedger).where(eq(giftVoucherLedger.voucherId, voucherId)).orderBy(giftVoucherLedger.id)).map((e) => [e.kind, e.amount]);
const bookingLedger = (bookingId: number) => t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId)).orderBy(bookingPayments.id);
const voucherMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'gift_voucher'), eq(mailOutbox.to, to)));

let issuedCount = 0;
/** A voucher staff issue now (no mail), answered as its code. */
async function staffVoucher(amount: number, currency = 'GBP'): Promise<string> {
  issuedCount += 1;
  const res = await admin.post('/api/admin/gift-vouchers', { amount, currency, recipient_name: `Recipient ${issuedCount}` });
  expect(res.statusCode, res.body).toBe(201);
  const code = adminGiftVoucherResponse.parse(res.json()).data.code;
  if (!code) throw new Error('issued without a code');
  return code;
}

const redeem = (b: { tempCode: string; manageKey: string }, code: string, headers: Record<string, string> = {}) =>
  visitor.post(`/api/booking/${b.tempCode}/voucher`, { code }, { ...key(b.manageKey), ...headers });

let made = 0;
/** POST /api/bookings from an address of its own (the per-address creation limit, 0180). */
async function book(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  made += 1;
  const agent = await t.visitor();
  return agent.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: bookingBody({ date: '2031-06-14', ...overrides }),
    headers,
    remoteAddress: `127.8.${Math.floor(made / 250)}.${(made % 250) + 1}`,
  });
}

describe('buying a voucher online', () => {
  it('is pending until paid, then issued once with its code and mailed once, however the payment is reported', async () => {
    const res = await visitor.post('/api/gift-vouchers', BUY);
    expect(res.statusCode, res.body).toBe(201);
    const bought = buyGiftVoucherResponse.parse(res.json());
    expect(bought.data.status).toBe('pending');
    const pending = await voucherRow({ token: bought.data.token });
    const sessionId = pending.providerSessionId ?? '';
    expect(bought.checkout_url).toBe(`${stripe.url}/pay/${sessionId}`);
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      amount_total: 5_000,
      currency: 'gbp',
      customer_email: 'grace@example.test',
      success_url: `https://hatch.example/gift-vouchers/${bought.data.token}?session_id={CHECKOUT_SESSION_ID}`,
    });

    const page = async () => publicGiftVoucherResponse.parse((await visitor.get(`/api/gift-vouchers/${bought.data.token}`)).json()).data;
    expect(await page()).toEqual({
      code: null,
      amount: 5_000,
      balance: 5_000,
      currency: 'GBP',
      recipient_name: 'Ada',
      message: 'Happy birthday!',
      expires_at: null,
      status: 'pending',
    });

    stripe.pay(sessionId);
    const event = stripe.event(sessionId);
    expect((await deliver(event)).statusCode).toBe(200);
    const shown = await page();
    expect(shown).toMatchObject({ status: 'active', balance: 5_000 });
    expect(shown.code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    const issued = await voucherRow({ token: bought.data.token });
    expect(shown.expires_at).toBe(voucherExpiresAt(issued.issuedAt ?? new Date(0), 12, VOUCHER_ZONE).toISOString());

    // The same event again, a fresh event of the same session, and the page: nothing more.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);
    expect((await page()).code).toBe(shown.code);
    expect(await ledgerOf(issued.id)).toEqual([['issued', 5_000]]);
    const mails = await voucherMails('grace@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(formatVoucherCode(shown.code ?? ''));
    expect(mails[0]?.text).toContain(`https://hatch.example/gift-vouchers/${bought.data.token}`);
  });

  it('is mailed in the buyer’s page language: a voucher bought from a German page (issue 38, decision 0625)', async () => {
    const res = await visitor.post(
      '/api/gift-vouchers',
      { ...BUY, buyer_email: 'greta@example.test', buyer_name: 'Greta' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const bought = buyGiftVoucherResponse.parse(res.json());
    const sessionId = (await voucherRow({ token: bought.data.token })).providerSessionId ?? '';
    stripe.pay(sessionId);
    expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);
    const issued = await voucherRow({ token: bought.data.token });
    expect(issued.language).toBe('de');
    const [mail] = await voucherMails('greta@example.test');
    const text = (mail?.text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(mail?.subject?.replace(/[\u00a0\u202f]/g, ' ')).toBe('Ihr Geschenkgutschein (50,00 £)');
    expect(text).toContain('Guten Tag Greta,');
    expect(text).toContain('Hier ist Ihr Geschenkgutschein für Ada im Wert von 50,00 £.');
    expect(text).toContain(`Gutscheincode: ${formatVoucherCode(issued.code ?? '')}`);
    expect(text).toMatch(/Gültig bis: \d+\. \S+ 20\d\d \(Ende des Tages\)/);
    expect(text).toContain('Nachricht: Happy birthday!');
    expect(text).toContain(`Drucken Sie ihn aus oder geben Sie ihn weiter: https://hatch.example/gift-vouchers/${bought.data.token}`);
    expect(text).not.toContain('Here is your gift voucher');
  });

  it('is issued by the return page when it comes before the webhook, still once', async () => {
    const bought = buyGiftVoucherResponse.parse((await visitor.post('/api/gift-vouchers', { ...BUY, buyer_email: 'early@example.test' })).json());
    const sessionId = (await voucherRow({ token: bought.data.token })).providerSessionId ?? '';
    stripe.pay(sessionId);
    const first = publicGiftVoucherResponse.parse((await visitor.get(`/api/gift-vouchers/${bought.data.token}`)).json()).data;
    expect(first.status).toBe('active');
    expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);
    expect(await voucherMails('early@example.test')).toHaveLength(1);
    expect(await ledgerOf((await voucherRow({ token: bought.data.token })).id)).toEqual([['issued', 5_000]]);
  });

  it('refuses amounts out of range and missing names with the spec-style messages; an unknown token is 404', async () => {
    const low = await visitor.post('/api/gift-vouchers', { ...BUY, amount: 100 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount).toEqual(['Please choose an amount from £5.00 to £1,000.00.']);
    const euros = await visitor.post('/api/gift-vouchers', { ...BUY, currency: 'EUR', amount: 200_000 });
    expect(euros.json().errors.amount).toEqual(['Please choose an amount from €5.00 to €1,000.00.']);
    const nameless = await visitor.post('/api/gift-vouchers', { ...BUY, recipient_name: ' ' });
    expect(nameless.json().errors.recipient_name).toEqual([GIFT_VOUCHER_MESSAGES.recipientName]);
    expect((await visitor.inject({ method: 'POST', url: '/api/gift-vouchers', payload: BUY, csrf: false })).statusCode).toBe(419);
    const unknown = await visitor.get('/api/gift-vouchers/no-such-token');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('staff vouchers', () => {
  it('refuses anonymous callers (401), non-admins (403) and writes without CSRF (419)', async () => {
    const anonymous = await t.visitor();
    const host = await t.as('host');
    const body = { amount: 2_000, currency: 'GBP', recipient_name: 'Someone' };
    for (const url of ['/api/admin/gift-vouchers', '/api/admin/gift-vouchers/1', '/api/admin/gift-voucher-settings']) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
      expect((await host.get(url)).statusCode).toBe(403);
    }
    expect((await anonymous.post('/api/admin/gift-vouchers', body)).statusCode).toBe(401);
    expect((await host.post('/api/admin/gift-vouchers', body)).statusCode).toBe(403);
    expect((await host.put('/api/admin/gift-voucher-settings', { validity_months: 6 })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'POST', url: '/api/admin/gift-vouchers', payload: body, csrf: false })).statusCode).toBe(419);
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/gift-voucher-settings', payload: { validity_months: 6 }, csrf: false })).statusCode).toBe(419);
  });

  it('issues a voucher at once, mails it when given an address, lists it and shows its ledger', async () => {
    const res = await admin.post('/api/admin/gift-vouchers', {
      amount: 2_500,
      currency: 'EUR',
      recipient_name: 'Lin',
      message: 'Thanks',
      email: 'lin@example.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    const voucher = adminGiftVoucherResponse.parse(res.json()).data;
    expect(voucher).toMatchObject({ amount: 2_500, balance: 2_500, currency: 'EUR', status: 'active', recipient_name: 'Lin', buyer_email: 'lin@example.test' });
    expect(voucher).toMatchObject({ source: 'staff', message: 'Thanks', ledger: [{ kind: 'issued', amount: 2_500, booking_code: null }] });
    expect(await voucherMails('lin@example.test')).toHaveLength(1);
    const list = adminGiftVouchersResponse.parse((await admin.get('/api/admin/gift-vouchers')).json()).data;
    expect(list.find((v) => v.id === voucher.id)).toMatchObject({ code: voucher.code, status: 'active', issued_at: voucher.issued_at });
    expect((await admin.get('/api/admin/gift-vouchers/999999')).statusCode).toBe(404);
  });

  it('keeps the validity setting (default 12 months) and issues with it, to the end of the day in the install zone', async () => {
    expect(giftVoucherSettingsResponse.parse((await admin.get('/api/admin/gift-voucher-settings')).json()).data).toEqual({ validity_months: 12 });
    const bad = await admin.put('/api/admin/gift-voucher-settings', { validity_months: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.validity_months).toEqual([GIFT_VOUCHER_MESSAGES.validityMonths]);
    expect((await admin.put('/api/admin/gift-voucher-settings', { validity_months: 6 })).json()).toEqual({ data: { validity_months: 6 } });
    const code = await staffVoucher(1_000);
    const row = await voucherRow({ code });
    expect(row.expiresAt?.toISOString()).toBe(voucherExpiresAt(row.issuedAt ?? new Date(0), 6, VOUCHER_ZONE).toISOString());
    expect((await admin.put('/api/admin/gift-voucher-settings', { validity_months: 12 })).statusCode).toBe(200);
  });
});

describe('paying a booking with a voucher', () => {
  it('the wizard quotes a voucher as a voucher: no discount, its balance', async () => {
    const code = await staffVoucher(3_000);
    const res = await visitor.get(`/api/discount-codes/${formatVoucherCode(code).toLowerCase()}?plan_type=standard&players=8&currency=GBP`);
    expect(res.statusCode, res.body).toBe(200);
    expect(discountQuoteResponse.parse(res.json())).toMatchObject({
      discount_code: code,
      kind: 'voucher',
      discount_total: 0,
      total_price: 120,
      voucher_balance: 3_000,
    });
  });

  it('pays part of a booking on the booker page, then the rest by the provider; the invoice shows the voucher line', async () => {
    const code = await staffVoucher(5_000);
    const b = await createBooking(t.db);
    const res = await redeem(b, formatVoucherCode(code));
    expect(res.statusCode, res.body).toBe(200);
    const answer = redeemVoucherResponse.parse(res.json());
    expect(answer.voucher).toEqual({ code, paid: 5_000, balance: 0, currency: 'GBP' });
    // Money, not a discount: the price stays the list price.
    expect(answer.booking).toMatchObject({ booking_status: 'paid', total_price: 120, discount_total: 0, discount_code: null });
    const state = paymentStateResponse.parse((await visitor.get(`/api/manage/${b.manageKey}/payment`)).json()).payment;
    expect(state).toMatchObject({ total: 12_000, paid: 5_000, due: 7_000, options: { balance: 7_000 } });
    expect((await bookingLedger(b.id)).map((e) => [e.kind, e.paymentType, e.paymentAmount])).toEqual([['payment', 'voucher', 5_000]]);
    const voucher = await voucherRow({ code });
    expect(await ledgerOf(voucher.id)).toEqual([
      ['issued', 5_000],
      ['redeemed', -5_000],
    ]);
    const detail = adminGiftVoucherResponse.parse((await admin.get(`/api/admin/gift-vouchers/${voucher.id}`)).json()).data;
    expect(detail).toMatchObject({ status: 'used', balance: 0 });
    expect(detail.ledger[1]).toMatchObject({ kind: 'redeemed', amount: -5_000, booking_id: b.id, booking_code: b.tempCode });

    // The rest through the provider, as any balance.
    const checkout = await visitor.post(`/api/manage/${b.manageKey}/checkout`, { purpose: 'balance', amount: 7_000 });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const sessionId = String(checkout.json().session_id);
    stripe.pay(sessionId);
    expect((await deliver(stripe.event(sessionId))).statusCode).toBe(200);
    expect(paymentStateResponse.parse((await visitor.get(`/api/manage/${b.manageKey}/payment`)).json()).payment).toMatchObject({ paid: 12_000, due: 0 });

    // VAT at redemption: the voucher's payment has its invoice; the card's shows what the voucher paid.
    const list = invoiceListResponse.parse(
      (await visitor.inject({ method: 'GET', url: `/api/booking/${b.tempCode}/invoices`, headers: key(b.manageKey) })).json(),
    );
    expect(list.invoices.map((i) => i.gross)).toEqual([5_000, 7_000]);
    const second = list.invoices[1];
    const pdf = await visitor.inject({ method: 'GET', url: second?.pdf_url ?? '', headers: key(b.manageKey) });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain('Standard game, per player 8 £15.00 £120.00');
    expect(text).toContain('Paid by gift voucher 1 -£50.00 -£50.00');
    expect(text).toContain('Net £58.33 VAT 20% £11.67 Total £70.00');
  });

  it('pays a whole booking from the wizard box, keeps the rest of its balance, and a retry with the same Idempotency-Key debits once', async () => {
    const code = await staffVoucher(20_000);
    const headers = { 'idempotency-key': `voucher-booking-${Date.now()}` };
    made += 1;
    const agent = await t.visitor();
    const payload = bookingBody({ date: '2031-06-14', discount_code: code });
    const send = () => agent.inject({ method: 'POST', url: '/api/bookings', payload, headers, remoteAddress: '127.7.0.1' });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().booking).toMatchObject({ booking_status: 'paid', total_price: 120, discount_total: 0, discount_code: null });
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().booking.id).toBe(first.json().booking.id);
    const voucher = await voucherRow({ code });
    expect(voucher.balance).toBe(8_000);
    expect(await ledgerOf(voucher.id)).toEqual([
      ['issued', 20_000],
      ['redeemed', -12_000],
    ]);
    expect((await bookingLedger(first.json().booking.id)).map((e) => e.paymentAmount)).toEqual([12_000]);
    // Nothing left to pay: the booker page's box refuses, changing nothing.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, first.json().booking.id));
    const more = await redeem({ tempCode: row?.tempCode ?? '', manageKey: row?.manageKey ?? '' }, code);
    expect(more.statusCode).toBe(422);
    expect(more.json().errors.code).toEqual([GIFT_VOUCHER_MESSAGES.nothingDue]);
    expect((await voucherRow({ code })).balance).toBe(8_000);
  });

  it("pays from the box in the booker's own edit before paying, in the same transaction as the edit", async () => {
    const agent = await t.visitor();
    made += 1;
    const created = await agent.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody({ date: '2031-06-14' }), remoteAddress: '127.7.1.1' });
    expect(created.statusCode).toBe(201);
    const id = Number(created.json().booking.id);
    const refused = await agent.patch(`/api/bookings/${id}`, { players: 10, discount_code: 'ABCDEFGHJKMN' });
    expect(refused.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.unknown]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.players).toBe(8);
    const code = await staffVoucher(4_000);
    const res = await agent.patch(`/api/bookings/${id}`, { players: 10, discount_code: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ players: 10, total_price: 150, discount_code: null, booking_status: 'paid' });
    expect((await bookingLedger(id)).map((e) => [e.paymentType, e.paymentAmount])).toEqual([['voucher', 4_000]]);
    expect((await voucherRow({ code })).balance).toBe(0);
  });

  it('a retry of the booker page box with the same Idempotency-Key debits once', async () => {
    const code = await staffVoucher(3_000);
    const b = await createBooking(t.db);
    const headers = { 'idempotency-key': `voucher-box-${b.id}` };
    const first = await redeem(b, code, headers);
    const second = await redeem(b, code, headers);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await voucherRow({ code })).balance).toBe(0);
    expect((await bookingLedger(b.id)).map((e) => e.paymentAmount)).toEqual([3_000]);
  });

  it('takes a promo code in the wizard and a voucher on the booker page for the rest', async () => {
    const promo = `VOUCHERPROMO${Date.now() % 100_000}`;
    expect((await admin.post('/api/admin/promo-codes', { code: promo, percent_off: 10 })).statusCode).toBe(201);
    const created = await book({ discount_code: promo });
    expect(created.json().booking).toMatchObject({ discount_code: promo, total_price: 108 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, created.json().booking.id));
    const code = await staffVoucher(20_000);
    const res = await redeem({ tempCode: row?.tempCode ?? '', manageKey: row?.manageKey ?? '' }, code);
    expect(redeemVoucherResponse.parse(res.json()).voucher).toMatchObject({ paid: 10_800, balance: 9_200 });
  });
});

describe('a voucher confirms only what a card payer would (issue 35, decision 0505)', { tags: ['postgres'] }, () => {
  const paidMails = (bookingId: number) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, 'booking.paid')));

  it('£50 on £486 (deposit £121.50) is recorded as a payment; the booking waits; the rest confirms it once', async () => {
    const b = await createBooking(t.db, { players: 12, pricePerPersonMinor: 4050 });
    const res = await redeem(b, await staffVoucher(5_000));
    expect(res.statusCode, res.body).toBe(200);
    const answer = redeemVoucherResponse.parse(res.json());
    expect(answer.voucher).toMatchObject({ paid: 5_000, balance: 0 });
    expect(answer.booking).toMatchObject({ booking_status: 'enquiry', code_type: 'temp', game_id: null, total_price: 486 });
    expect(await paidMails(b.id)).toHaveLength(0);
    expect((await bookingLedger(b.id)).map((e) => [e.kind, e.paymentType, e.paymentAmount])).toEqual([['payment', 'voucher', 5_000]]);
    // Its receipt is sent as for any payment, and the rest is asked for as the balance.
    const receipts = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, b.id), eq(mailOutbox.kind, 'payment.receipt')));
    expect(receipts).toHaveLength(1);
    const state = paymentStateResponse.parse((await visitor.get(`/api/manage/${b.manageKey}/payment`)).json()).payment;
    expect(state).toMatchObject({ total: 48_600, paid: 5_000, due: 43_600, options: { deposit: null, full: null, balance: 43_600 } });

    // A second voucher that brings what is paid to the deposit confirms it: paid, its game code, the mail once.
    const more = redeemVoucherResponse.parse((await redeem(b, await staffVoucher(7_150))).json());
    expect(more.booking).toMatchObject({ booking_status: 'paid', code_type: 'game' });
    expect(more.booking.game_id).not.toBeNull();
    expect(await paidMails(b.id)).toHaveLength(1);
  });

  it('a voucher of exactly the deposit confirms at once', async () => {
    const b = await createBooking(t.db, { players: 12, pricePerPersonMinor: 4050 });
    const answer = redeemVoucherResponse.parse((await redeem(b, await staffVoucher(12_150))).json());
    expect(answer.booking).toMatchObject({ booking_status: 'paid', code_type: 'game' });
    expect(await paidMails(b.id)).toHaveLength(1);
  });

  it('for a game whose balance is due on booking, no deposit is offered, so only the whole price confirms', async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const b = await createBooking(t.db, { date: soon, utcDateTime: new Date(`${soon}T14:00:00Z`) });
    const answer = redeemVoucherResponse.parse((await redeem(b, await staffVoucher(5_000))).json());
    expect(answer.booking).toMatchObject({ booking_status: 'enquiry', game_id: null });
    const rest = redeemVoucherResponse.parse((await redeem(b, await staffVoucher(7_000))).json());
    expect(rest.booking).toMatchObject({ booking_status: 'paid', code_type: 'game' });
  });

  it('a refund of a part-paying voucher leaves the booking unconfirmed, never paid', async () => {
    const b = await createBooking(t.db, { players: 12, pricePerPersonMinor: 4050 });
    await redeem(b, await staffVoucher(5_000));
    const [payment] = await bookingLedger(b.id);
    const res = await admin.post(`/api/admin/bookings/${b.id}/payments/${payment?.id ?? 0}/refund`, { amount: 1_000, reason: 'Part back' });
    expect(res.statusCode, res.body).toBe(201);
    expect(adminBookingResponse.parse(res.json()).booking).toMatchObject({ booking_status: 'enquiry', game: null });
  });
});

describe('refusals change nothing', () => {
  async function expiredVoucher() {
    const code = await staffVoucher(4_000);
    // Its last day is behind us, and the expiry job has not run yet.
    await t.db
      .update(giftVouchers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftVouchers.code, code));
    return code;
  }
  async function usedUpVoucher() {
    const code = await staffVoucher(1_000);
    expect((await redeem(await createBooking(t.db), code)).statusCode).toBe(200);
    return code;
  }
  const cases: [string, () => Promise<string>, string][] = [
    ['an unknown code', async () => 'ABCDEFGHJKMN', DISCOUNT_MESSAGES.unknown],
    ['an expired voucher (before the job)', expiredVoucher, DISCOUNT_MESSAGES.voucherExpired],
    ['a used-up voucher', usedUpVoucher, DISCOUNT_MESSAGES.voucherEmpty],
    ['a voucher in another currency', () => staffVoucher(4_000, 'USD'), DISCOUNT_MESSAGES.voucherCurrency],
  ];

  it.each(cases)('refuses %s in the wizard box: 422 on discount_code, no booking', async (_what, make, message) => {
    const code = await make();
    const email = `refused-voucher-${made}-${Date.now()}@example.test`;
    const res = await book({ email, discount_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discount_code).toEqual([message]);
    expect(await t.db.select().from(bookings).where(eq(bookings.email, email))).toHaveLength(0);
  });

  it.each(cases)('refuses %s on the booker page: 422 on code, nothing paid or spent', async (_what, make, message) => {
    const code = await make();
    const before = code === 'ABCDEFGHJKMN' ? null : await voucherRow({ code });
    const b = await createBooking(t.db);
    const res = await redeem(b, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([message]);
    expect(await bookingLedger(b.id)).toEqual([]);
    if (before) {
      expect((await voucherRow({ code })).balance).toBe(before.balance);
      expect(await ledgerOf(before.id)).toHaveLength(before.balance === 0 ? 2 : 1);
    }
  });

  it('refuses the booker page box without the management key', async () => {
    const code = await staffVoucher(1_000);
    const b = await createBooking(t.db);
    expect((await visitor.post(`/api/booking/${b.tempCode}/voucher`, { code })).statusCode).toBe(403);
    expect((await voucherRow({ code })).balance).toBe(1_000);
  });
});

describe('refund back', () => {
  it("returns a refunded voucher payment to the voucher's balance, not a card, with a credit note", async () => {
    const code = await staffVoucher(6_000);
    const b = await createBooking(t.db);
    expect((await redeem(b, code)).statusCode).toBe(200);
    const [payment] = await bookingLedger(b.id);
    const refundsAtProvider = stripe.calls['refund'] ?? 0;
    const res = await admin.post(`/api/admin/bookings/${b.id}/payments/${payment?.id}/refund`, { amount: 2_500, reason: 'Two players fewer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(adminBookingResponse.parse(res.json()).booking.booking_payments.map((p) => [p.kind, p.payment_amount])).toEqual([
      ['payment', 6_000],
      ['refund', -2_500],
    ]);
    const voucher = await voucherRow({ code });
    expect(voucher.balance).toBe(2_500);
    expect(await ledgerOf(voucher.id)).toEqual([
      ['issued', 6_000],
      ['redeemed', -6_000],
      ['refunded', 2_500],
    ]);
    expect(stripe.calls['refund'] ?? 0).toBe(refundsAtProvider);
    const documents = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id)).orderBy(invoices.id);
    expect(documents.map((d) => [d.kind, d.gross])).toEqual([
      ['invoice', 6_000],
      ['credit_note', -2_500],
    ]);
    // The money back pays again.
    const again = await redeem(await createBooking(t.db), code);
    expect(redeemVoucherResponse.parse(again.json()).voucher).toMatchObject({ paid: 2_500, balance: 0 });
  });
  it('gives money refunded onto a lapsed voucher a fresh validity, so the expiry job never takes it', async () => {
    const code = await staffVoucher(4_000);
    const b = await createBooking(t.db);
    expect((await redeem(b, code)).statusCode).toBe(200);
    const [payment] = await bookingLedger(b.id);
    // The voucher's last day went by after it was spent.
    await t.db
      .update(giftVouchers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftVouchers.code, code));
    const res = await admin.post(`/api/admin/bookings/${b.id}/payments/${payment?.id}/refund`, { amount: 1_500, reason: 'One player fewer' });
    expect(res.statusCode, res.body).toBe(201);
    const voucher = await voucherRow({ code });
    expect(voucher.balance).toBe(1_500);
    expect(voucher.expiresAt?.toISOString()).toBe(voucherExpiresAt(new Date(), 12, VOUCHER_ZONE).toISOString());
    await expireDueVouchers(t.db, new Date());
    expect((await voucherRow({ code })).balance).toBe(1_500);
    expect(redeemVoucherResponse.parse((await redeem(await createBooking(t.db), code)).json()).voucher).toMatchObject({ paid: 1_500, balance: 0 });
  });
});

describe('expiry', () => {
  it('the job zeroes what is left once the last day is over, once, and the voucher is refused from then', async () => {
    const code = await staffVoucher(7_000);
    const row = await voucherRow({ code });
    const expiresAt = row.expiresAt ?? new Date(0);
    // Spent in part first.
    expect((await redeem(await createBooking(t.db, { pricePerPersonMinor: 500 }), code)).statusCode).toBe(200);
    // Not yet: the clock on its last instant changes nothing.
    await expireDueVouchers(t.db, expiresAt);
    expect((await voucherRow({ code })).balance).toBe(3_000);
    const later = new Date(expiresAt.getTime() + 1);
    expect(await expireDueVouchers(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireDueVouchers(t.db, new Date(later.getTime() + 3_600_000))).toBe(0);
    const after = await voucherRow({ code });
    expect(after).toMatchObject({ balance: 0, expiredAt: later });
    expect(await ledgerOf(row.id)).toEqual([
      ['issued', 7_000],
      ['redeemed', -4_000],
      ['expired', -3_000],
    ]);
    expect(adminGiftVoucherResponse.parse((await admin.get(`/api/admin/gift-vouchers/${row.id}`)).json()).data.status).toBe('expired');
    const res = await redeem(await createBooking(t.db), code);
    expect(res.json().errors.code).toEqual([DISCOUNT_MESSAGES.voucherExpired]);
  });
});

describe('money safety', () => {
  it('20 bookings racing for one voucher never spend more than its balance', { tags: ['postgres'] }, async () => {
    const code = await staffVoucher(25_000);
    const racers = await Promise.all(Array.from({ length: 20 }, () => createBooking(t.db)));
    const answers = await Promise.all(racers.map((b) => redeem(b, code)));
    const paid = answers.filter((a) => a.statusCode === 200).map((a) => redeemVoucherResponse.parse(a.json()).voucher.paid);
    const refused = answers.filter((a) => a.statusCode === 422);
    // £250 pays two bookings of £120 in full and £10 of a third; the rest find nothing left.
    expect(paid.sort((a, b) => b - a)).toEqual([12_000, 12_000, 1_000]);
    expect(refused).toHaveLength(17);
    for (const answer of refused) expect(answer.json().errors.code).toEqual([DISCOUNT_MESSAGES.voucherEmpty]);
    const voucher = await voucherRow({ code });
    expect(voucher.balance).toBe(0);
    const spent = await t.db
      .select()
      .from(giftVoucherLedger)
      .where(and(eq(giftVoucherLedger.voucherId, voucher.id), eq(giftVoucherLedger.kind, 'redeemed')));
    expect(spent.reduce((sum, e) => sum + e.amount, 0)).toBe(-25_000);
    let inBookings = 0;
    for (const b of racers) for (const e of await bookingLedger(b.id)) inBookings += e.paymentAmount;
    expect(inBookings).toBe(25_000);
  });
});
