import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { parseCsv } from '../support/csv';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { paymentsResponse, PAYMENTS_MESSAGES } from '../../src/shared/api/admin-payments';
import { adminInvoiceListResponse } from '../../src/shared/api/invoices';
import { todayIn, DEFAULT_ADMIN_TIMEZONE } from '../../src/shared/time';

/** Issue 35 (decision 0511): the ledger with its invoices and credit notes for a date range, as a CSV an accounting tool imports. */
let t: TestApp;
let admin: Agent;
const SETTINGS = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street, London', vat_number: 'GB123456789', vat_rate: 20 };
const today = todayIn(DEFAULT_ADMIN_TIMEZONE, new Date());
const exportUrl = (from: string, to: string) => `/api/admin/finance/export?from=${from}&to=${to}`;
/** Decimal currency units back to minor units, as an accountant's tool reads them. */
const minor = (text: string | undefined) => Math.round(Number(text) * 100);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

async function bookingWithLedger() {
  const b = await createBooking(t.db, { fullName: '=Ada Accounts' });
  const url = `/api/admin/bookings/${b.id}/payments`;
  const first = adminBookingResponse.parse((await admin.post(url, { payment_type: 'card', payment_amount: 12_000 })).json()).booking;
  const paymentId = first.booking_payments[0]?.id ?? 0;
  expect((await admin.post(`${url}/${paymentId}/refund`, { amount: 2_401, reason: '=Two players fewer' })).statusCode).toBe(201);
  const second = adminBookingResponse.parse((await admin.post(url, { payment_type: 'cash', payment_amount: 1_234 })).json()).booking;
  const cashId = second.booking_payments.find((p) => p.payment_type === 'cash')?.id ?? 0;
  expect((await admin.post(`${url}/${cashId}/void`, { reason: 'Typed twice' })).statusCode).toBe(201);
  return b;
}

describe('the export for the accountant', () => {
  it('gives one row per ledger entry with its document, adding up to the ledger, with net + VAT = gross', async () => {
    expect((await admin.put('/api/admin/invoice-settings', SETTINGS)).statusCode).toBe(200);
    const b = await bookingWithLedger();
    // A payment whose invoice already waits (none here: the details are set) would show without a number.
    const res = await admin.get(exportUrl(today, today));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="accounts-${today}-to-${today}-.+\\.csv"`));
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Date',
      'Amount',
      'Payee',
      'Description',
      'Reference',
      'Document type',
      'Document date',
      'Booking',
      'Net',
      'VAT',
      'Gross',
      'VAT rate',
      'Currency',
      'Entry type',
      'Payment method',
      'Entry',
    ]);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const mine = rows.filter((r) => r[col('Booking')] === b.tempCode);
    const docs = adminInvoiceListResponse.parse((await admin.get(`/api/admin/bookings/${b.id}/invoices`)).json()).invoices;
    expect(mine.map((r) => [r[col('Entry type')], r[col('Amount')], r[col('Reference')], r[col('Document type')], r[col('Gross')]])).toEqual([
      ['payment', '120.00', docs[0]?.number, 'Invoice', '120.00'],
      ['refund', '-24.01', docs[1]?.number, 'Credit note', '-24.01'],
      ['payment', '12.34', docs[2]?.number, 'Invoice', '12.34'],
      ['void', '-12.34', docs[3]?.number, 'Credit note', '-12.34'],
    ]);
    const [payment, refund] = mine;
    expect(payment?.[col('Date')]).toBe(today.split('-').reverse().join('/'));
    // A name a spreadsheet would run as a formula is kept as text.
    expect(payment?.[col('Payee')]).toBe("'=Ada Accounts");
    expect(payment?.[col('Description')]).toBe(`Payment for booking ${b.tempCode}`);
    expect([payment?.[col('Net')], payment?.[col('VAT')], payment?.[col('VAT rate')], payment?.[col('Currency')]]).toEqual(['100.00', '20.00', '20', 'GBP']);
    expect(refund?.[col('Description')]).toBe(`Refund on booking ${b.tempCode}: =Two players fewer`);
    expect([refund?.[col('Net')], refund?.[col('VAT')]]).toEqual(['-20.01', '-4.00']);
    // Every row: net + VAT = gross to the penny; the amounts add up to the ledger's net for the range.
    for (const r of rows.filter((row) => row[col('Reference')] !== '')) expect(minor(r[col('Net')]) + minor(r[col('VAT')])).toBe(minor(r[col('Gross')]));
    const ledger = paymentsResponse.parse((await admin.get(`/api/admin/payments?from=${today}&to=${today}&per_page=100`)).json());
    expect(rows).toHaveLength(ledger.pagination.total);
    expect(rows.reduce((sum, r) => sum + minor(r[col('Amount')]), 0)).toBe(ledger.totals.reduce((sum, c) => sum + c.net, 0));
  });

  it('leaves out entries outside the range and asks for a valid range', async () => {
    const before = await admin.get(exportUrl('2001-01-01', '2001-01-31'));
    expect(parseCsv(before.body)).toHaveLength(1);
    const missing = await admin.get('/api/admin/finance/export?to=2026-01-31');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { from: [PAYMENTS_MESSAGES.from] } });
    const backwards = await admin.get(exportUrl('2026-02-01', '2026-01-01'));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ errors: { to: [PAYMENTS_MESSAGES.order] } });
    expect((await admin.get(exportUrl('2026-02-30', '2026-03-01'))).statusCode).toBe(422);
  });

  it('is for admins only (a GET: no CSRF token needed)', async () => {
    expect((await (await t.visitor()).get(exportUrl(today, today))).statusCode).toBe(401);
    expect((await (await t.as('host')).get(exportUrl(today, today))).statusCode).toBe(403);
    expect((await admin.inject({ method: 'GET', url: exportUrl(today, today), csrf: false })).statusCode).toBe(200);
  });
});
