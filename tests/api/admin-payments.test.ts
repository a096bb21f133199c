import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { parseCsv } from '../support/csv';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { paymentsResponse, PAYMENTS_MESSAGES, type CurrencyTotal } from '../../src/shared/api/admin-payments';
import { calendarMetricsSchema } from '../../src/shared/api/admin-bookings';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Lena Ledger' });
});
afterAll(async () => t.close());

const list = async (query: string) => {
  const res = await admin.get(`/api/admin/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return paymentsResponse.parse(res.json());
};

/** The rows themselves, totalled per currency the way a person would: the figures every screen must agree with. */
function totalsOf(rows: { currency: string; paymentAmount: number }[]): CurrencyTotal[] {
  const by = new Map<string, CurrencyTotal>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? { currency: r.currency, received: 0, refunded: 0, net: 0, free_vouchers: 0, entries: 0 };
    if (r.paymentAmount > 0) t.received += r.paymentAmount;
    else t.refunded -= r.paymentAmount;
    t.net += r.paymentAmount;
    t.entries += 1;
    by.set(r.currency, t);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A booking paid through the API (as staff do), with a partial refund and, for another payment, a void. */
async function bookingWithLedger(overrides: Parameters<typeof createBooking>[1], pence: number, refund: number) {
  const b = await createBooking(t.db, overrides);
  const url = `/api/admin/bookings/${b.id}/payments`;
  const first = adminBookingResponse.parse((await admin.post(url, { payment_type: 'card', payment_amount: pence })).json()).booking;
  const paymentId = first.booking_payments[0]?.id ?? 0;
  expect((await admin.post(`${url}/${paymentId}/refund`, { amount: refund, reason: 'Fewer players' })).statusCode).toBe(201);
  const second = adminBookingResponse.parse((await admin.post(url, { payment_type: 'cash', payment_amount: 1_234 })).json()).booking;
  const cashId = second.booking_payments.find((p) => p.payment_type === 'cash')?.id ?? 0;
  expect((await admin.post(`${url}/${cashId}/void`, { reason: 'Typed twice' })).statusCode).toBe(201);
  return b;
}

describe('the money figures agree with the payment rows', () => {
  it('calendar revenue and /admin/payments totals are the rows summed per currency, net of refunds and voids', async () => {
    const gbp = await bookingWithLedger({ date: '2033-03-10', currency: 'GBP' }, 30_000, 7_550);
    const usd = await bookingWithLedger({ date: '2033-03-20', currency: 'USD' }, 50_000, 10_000);
    const gbp2 = await bookingWithLedger({ date: '2033-03-28', currency: 'GBP' }, 12_345, 345);

    const rows = await t.db
      .select()
      .from(bookingPayments)
      .where(inArray(bookingPayments.bookingId, [gbp.id, usd.id, gbp2.id]));
    const expected = totalsOf(rows);
    expect(expected.map((e) => [e.currency, e.net])).toEqual([
      ['GBP', 30_000 - 7_550 + 12_345 - 345],
      ['USD', 50_000 - 10_000],
    ]);

    const metrics = calendarMetricsSchema.parse((await admin.get('/api/admin/bookings/calendar/metrics?start_date=2033-03-01&end_date=2033-03-31')).json());
    expect(metrics.total_bookings).toBe(3);
    expect(metrics.revenue.map((r) => ({ currency: r.currency, received: r.received * 100, refunded: r.refunded * 100, net: r.net * 100 }))).toEqual(
      expected.map((e) => ({ currency: e.currency, received: e.received, refunded: e.refunded, net: e.net })),
    );
    expect(metrics.revenue.find((r) => r.currency === 'GBP')?.average).toBe((30_000 - 7_550 + 12_345 - 345) / 100 / 2);
    // The spec's own two figures are the pounds: the GBP games only, never a sum across currencies.
    expect(metrics.total_revenue).toBe((30_000 - 7_550 + 12_345 - 345) / 100);
    expect(metrics.average_booking_value).toBe((30_000 - 7_550 + 12_345 - 345) / 100 / 2);

    // The payments page over every entry: its totals are every row of the ledger, summed per currency.
    const page = await list('per_page=5');
    expect(page.totals).toEqual(totalsOf(await t.db.select().from(bookingPayments)));
  });
});

describe('/admin/payments filters', () => {
  let ids: { early: number; lateRefund: number; usdCard: number; nextDay: number };
  beforeAll(async () => {
    const a = await createBooking(t.db, { fullName: 'Filter Ann', bookingStatus: 'paid' });
    const b = await createBooking(t.db, { fullName: 'Filter Bo', currency: 'USD', bookingStatus: 'paid' });
    const inserted = await t.db
      .insert(bookingPayments)
      .values([
        // 00:30 on 1 Feb 2036 in London (GMT) is 00:30 UTC; 23:59 on 2 Feb is the day's last minute.
        { bookingId: a.id, paymentType: 'card', paymentAmount: 10_000, currency: 'GBP', createdAt: new Date('2036-02-01T00:30:00Z') },
        { bookingId: b.id, paymentType: 'card', paymentAmount: 40_000, currency: 'USD', createdAt: new Date('2036-02-02T12:00:00Z') },
        { bookingId: a.id, paymentType: 'bank_transfer', paymentAmount: 5_000, currency: 'GBP', createdAt: new Date('2036-02-03T00:00:00Z') },
      ])
      .returning();
    const [early, usdCard, nextDay] = inserted.map((r) => r.id);
    const [refund] = await t.db
      .insert(bookingPayments)
      .values({
        bookingId: a.id,
        paymentType: 'card',
        paymentAmount: -2_500,
        currency: 'GBP',
        kind: 'refund',
        correctsPaymentId: early,
        reason: '=HYPERLINK("x")',
        createdAt: new Date('2036-02-02T23:59:00Z'),
      })
      .returning();
    ids = { early: early ?? 0, usdCard: usdCard ?? 0, nextDay: nextDay ?? 0, lateRefund: refund?.id ?? 0 };
  });

  it('selects by day in London, both ends included, with totals per currency (never GBP plus USD)', async () => {
    const res = await list('from=2036-02-01&to=2036-02-02');
    expect(res.payments.map((p) => p.id)).toEqual([ids.lateRefund, ids.usdCard, ids.early]);
    expect(res.totals).toEqual([
      { currency: 'GBP', received: 10_000, refunded: 2_500, net: 7_500, free_vouchers: 0, entries: 2 },
      { currency: 'USD', received: 40_000, refunded: 0, net: 40_000, free_vouchers: 0, entries: 1 },
    ]);
    expect(res.payments[0]).toMatchObject({ kind: 'refund', corrects_payment_id: ids.early, booking_name: 'Filter Ann', payment_amount: -2_500 });
  });

  it('filters by type and kind, and pages with the totals of every page', async () => {
    const cards = await list('from=2036-02-01&to=2036-02-03&payment_type=card&kind=payment');
    expect(cards.payments.map((p) => p.id)).toEqual([ids.usdCard, ids.early]);
    const refunds = await list('from=2036-02-01&to=2036-02-03&kind=refund');
    expect(refunds.payments.map((p) => p.id)).toEqual([ids.lateRefund]);
    const first = await list('from=2036-02-01&to=2036-02-03&per_page=2');
    const second = await list('from=2036-02-01&to=2036-02-03&per_page=2&page=2');
    expect(first.pagination).toMatchObject({ total: 4, last_page: 2 });
    expect([...first.payments, ...second.payments].map((p) => p.id)).toEqual([ids.nextDay, ids.lateRefund, ids.usdCard, ids.early]);
    expect(second.totals).toEqual(first.totals);
  });

  it('exports the same entries as CSV, oldest first, amounts as signed decimals, formulas defused', async () => {
    const res = await admin.get('/api/admin/payments/export?from=2036-02-01&to=2036-02-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Recorded',
      'Entry',
      'Kind',
      'Type',
      'Amount',
      'Currency',
      'Corrects entry',
      'Reason',
      'Recorded by',
      'Booking',
      'Booker',
      'Email',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[7], r[10]])).toEqual([
      ['01/02/2036 00:30', String(ids.early), 'payment', '100.00', 'GBP', '', '', 'Filter Ann'],
      ['02/02/2036 12:00', String(ids.usdCard), 'payment', '400.00', 'USD', '', '', 'Filter Bo'],
      ['02/02/2036 23:59', String(ids.lateRefund), 'refund', '-25.00', 'GBP', String(ids.early), `'=HYPERLINK("x")`, 'Filter Ann'],
    ]);
    const refunds = parseCsv((await admin.get('/api/admin/payments/export?from=2036-02-01&to=2036-02-03&kind=refund')).body);
    expect(refunds.slice(1).map((r) => r[1])).toEqual([String(ids.lateRefund)]);
  });

  it('refuses impossible and reversed dates with 422, listing and exporting nothing', async () => {
    for (const [query, field, message] of [
      ['from=2036-02-30', 'from', PAYMENTS_MESSAGES.from],
      ['from=2036-02-03&to=2036-02-01', 'to', PAYMENTS_MESSAGES.order],
      ['to=yesterday', 'to', PAYMENTS_MESSAGES.to],
    ] as const) {
      for (const path of ['/api/admin/payments', '/api/admin/payments/export']) {
        const res = await admin.get(`${path}?${query}`);
        expect({ path, query, status: res.statusCode }).toEqual({ path, query, status: 422 });
        expect(res.json().errors[field]).toEqual([message]);
      }
    }
  });

  it('agrees with the rows for a filtered range too', async () => {
    const from = new Date('2036-02-01T00:00:00Z');
    const to = new Date('2036-02-03T00:00:00Z');
    const rows = await t.db
      .select()
      .from(bookingPayments)
      .where(and(gte(bookingPayments.createdAt, from), lt(bookingPayments.createdAt, to), eq(bookingPayments.paymentType, 'card')));
    expect((await list('from=2036-02-01&to=2036-02-02&payment_type=card')).totals).toEqual(totalsOf(rows));
  });
});

describe('free voucher money is apart from money received (issue 35, decision 0505)', () => {
  it("marks a free voucher's entries, filters by the voucher type, and keeps free voucher money out of Total received", async () => {
    const issued = await admin.post('/api/admin/gift-vouchers', { amount: 4_000, currency: 'EUR', recipient_name: 'Free Fran' });
    expect(issued.statusCode, issued.body).toBe(201);
    const code = String(issued.json().data.code);
    const b = await createBooking(t.db, { currency: 'EUR', date: '2037-05-01' });
    const paid = await (await t.visitor()).post(`/api/booking/${b.tempCode}/voucher`, { code }, { 'x-manage-key': b.manageKey });
    expect(paid.statusCode, paid.body).toBe(200);
    const card = adminBookingResponse.parse((await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 8_000 })).json());
    const voucherPayment = card.booking.booking_payments.find((p) => p.payment_type === 'voucher');
    // Part of the free voucher's payment goes back onto the voucher: no money leaves either.
    const refund = await admin.post(`/api/admin/bookings/${b.id}/payments/${voucherPayment?.id ?? 0}/refund`, { amount: 1_000, reason: 'One player fewer' });
    expect(refund.statusCode, refund.body).toBe(201);

    const all = await list('per_page=100');
    const eur = all.totals.find((x) => x.currency === 'EUR');
    expect(eur).toEqual({ currency: 'EUR', received: 8_000, refunded: 0, net: 8_000, free_vouchers: 3_000, entries: 3 });
    const mine = all.payments.filter((p) => p.booking_id === b.id);
    expect(mine.map((p) => [p.payment_type, p.kind, p.free_voucher]).sort()).toEqual([
      ['card', 'payment', false],
      ['voucher', 'payment', true],
      ['voucher', 'refund', true],
    ]);
    const vouchers = await list('payment_type=voucher&per_page=100');
    expect(vouchers.payments.every((p) => p.payment_type === 'voucher')).toBe(true);
    expect(vouchers.payments.filter((p) => p.booking_id === b.id)).toHaveLength(2);

    // The CSV names each type as the page does (one label function), never the stored key.
    const csv = parseCsv((await admin.get('/api/admin/payments/export')).body);
    const typeColumn = csv[0]?.indexOf('Type') ?? -1;
    const bookingColumn = csv[0]?.indexOf('Booking') ?? -1;
    const csvTypes = csv
      .slice(1)
      .filter((r) => r[bookingColumn] === String(b.id))
      .map((r) => r[typeColumn]);
    expect(csvTypes.sort()).toEqual(['Card', 'Gift voucher (free)', 'Gift voucher (free)']);

    // The calendar's revenue of the game's month counts the card money only: free voucher money is no money received.
    const metrics = calendarMetricsSchema.parse((await admin.get('/api/admin/bookings/calendar/metrics?start_date=2037-05-01&end_date=2037-05-31')).json());
    expect(metrics.revenue.find((r) => r.currency === 'EUR')).toMatchObject({ received: 80, refunded: 0, net: 80 });
  });
});
