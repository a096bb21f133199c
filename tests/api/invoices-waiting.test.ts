import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { renderDueInvoices, renderInvoicePdf } from '../../src/server/domains/commerce';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { adminInvoiceListResponse, invoiceListResponse, invoiceSettingsResponse } from '../../src/shared/api/invoices';
import { INVOICE_MESSAGES } from '../../src/shared/commerce/invoices';

/**
 * Issue 35 (decision 0510): on a fresh install no invoice is issued without the seller's name and address. Payments are
 * recorded and their invoices wait, with no number; saving the details issues them in the order they were recorded.
 */
let t: TestApp;
let admin: Agent & { userId: number };
const YEAR = new Date().getUTCFullYear();
const SETTINGS = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street\nLondon EC1 1AA', vat_number: 'GB123456789', vat_rate: 20 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const keyHeader = (key: string) => ({ 'x-manage-key': key });
const pay = (bookingId: number, pence: number) => admin.post(`/api/admin/bookings/${bookingId}/payments`, { payment_type: 'card', payment_amount: pence });
const bookerInvoices = async (b: { tempCode: string; manageKey: string }) =>
  invoiceListResponse.parse(
    (await (await t.visitor()).inject({ method: 'GET', url: `/api/booking/${b.tempCode}/invoices`, headers: keyHeader(b.manageKey) })).json(),
  ).invoices;
const staffInvoices = async (id: number) => adminInvoiceListResponse.parse((await admin.get(`/api/admin/bookings/${id}/invoices`)).json());
const settings = async () => invoiceSettingsResponse.parse((await admin.get('/api/admin/invoice-settings')).json());

describe('invoices before the seller is known', { tags: ['postgres'] }, () => {
  it('records the payment, holds its invoice with the message saying where to fill in the details, and refuses blank details', async () => {
    expect(await settings()).toMatchObject({ ready: false, waiting: 0, settings: { seller_name: '', seller_address: '' } });
    const b = await createBooking(t.db);
    const paid = await pay(b.id, 12_000);
    expect(paid.statusCode).toBe(201);
    expect(adminBookingResponse.parse(paid.json()).booking.booking_payments.map((p) => p.payment_amount)).toEqual([12_000]);
    // No invoice with an empty seller: the booker has none yet, staff see it waiting and why.
    expect(await bookerInvoices(b)).toEqual([]);
    expect(await staffInvoices(b.id)).toEqual({
      invoices: [],
      waiting: [expect.objectContaining({ kind: 'invoice', gross: 12_000, currency: 'GBP' })],
      waiting_message: INVOICE_MESSAGES.waitingForSeller,
    });
    expect(INVOICE_MESSAGES.waitingForSeller).toContain('Settings → Invoices');
    expect(await settings()).toMatchObject({ ready: false, waiting: 1 });
    // Nothing is mailed while it waits.
    await renderDueInvoices(t.db, { mail: t.app.deps.mail, render: renderInvoicePdf, now: new Date() });
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.bookingId, b.id), isNotNull(mailOutbox.attachments))),
    ).toEqual([]);
    // Saving without the seller's name or address is refused, each with its message, and issues nothing.
    const blank = await admin.put('/api/admin/invoice-settings', { ...SETTINGS, seller_name: ' ', seller_address: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      errors: { seller_name: [INVOICE_MESSAGES.sellerNameRequired], seller_address: [INVOICE_MESSAGES.sellerAddressRequired] },
    });
    expect(await settings()).toMatchObject({ ready: false, waiting: 1 });
  });

  it('issues the waiting invoices and credit notes in the order they were recorded once the details are saved, then mails each', async () => {
    const first = await createBooking(t.db, { email: 'first-waiting@example.test' });
    const second = await createBooking(t.db);
    expect((await pay(first.id, 3_000)).statusCode).toBe(201);
    const paid = await pay(second.id, 12_000);
    const paymentId = adminBookingResponse.parse(paid.json()).booking.booking_payments[0]?.id ?? 0;
    expect((await admin.post(`/api/admin/bookings/${second.id}/payments/${paymentId}/refund`, { amount: 2_400, reason: 'Two fewer' })).statusCode).toBe(201);
    expect((await pay(first.id, 9_000)).statusCode).toBe(201);
    const waitingBefore = (await settings()).waiting;
    expect(waitingBefore).toBeGreaterThanOrEqual(4);

    const saved = await admin.put('/api/admin/invoice-settings', SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect(invoiceSettingsResponse.parse(saved.json())).toEqual({ settings: SETTINGS, ready: true, waiting: 0 });

    // Numbered from 1 in the order recorded (the first test's payment first), gapless.
    const rows = await t.db.select().from(invoices).orderBy(invoices.id);
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.every((r) => r.status === 'issued' && r.year === YEAR)).toBe(true);
    const firstDocs = await bookerInvoices(first);
    expect(firstDocs.map((d) => [d.kind, d.gross])).toEqual([
      ['invoice', 3_000],
      ['invoice', 9_000],
    ]);
    const secondDocs = await bookerInvoices(second);
    expect(secondDocs.map((d) => [d.kind, d.gross])).toEqual([
      ['invoice', 12_000],
      ['credit_note', -2_400],
    ]);
    // Issued with the details as saved: seller, VAT at 20 %, and lines adding up to what was paid.
    const pdf = await pdfText(
      (await (await t.visitor()).inject({ method: 'GET', url: firstDocs[1]?.pdf_url ?? '', headers: keyHeader(first.manageKey) })).rawPayload,
    );
    expect(pdf.text).toContain('Hatch Events Ltd');
    expect(pdf.text).toContain('Paid earlier 1 -£30.00 -£30.00');
    expect(pdf.text).toContain('Net £75.00 VAT 20% £15.00 Total £90.00');
    const credit = await pdfText(
      (await (await t.visitor()).inject({ method: 'GET', url: secondDocs[1]?.pdf_url ?? '', headers: keyHeader(second.manageKey) })).rawPayload,
    );
    expect(credit.text).toContain(`Credit for invoice: ${secondDocs[0]?.number}`);

    // Then each is mailed once as its PDF.
    await renderDueInvoices(t.db, { mail: t.app.deps.mail, render: renderInvoicePdf, now: new Date() });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, first.id), isNotNull(mailOutbox.attachments)))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => [m.to, m.subject])).toEqual(firstDocs.map((d) => ['first-waiting@example.test', `Invoice ${d.number}`]));
  });
});

// Its own fresh install and 20 payments: slower than most under a loaded machine, hence the longer timeout.
describe('saving the details while payments are recorded', { tags: ['postgres'], timeout: 90_000 }, () => {
  it('leaves no invoice waiting and no number skipped when 20 payments race the first save of the details', async () => {
    // A fresh install of its own: the details are not set yet.
    // Payments queue on the settings and counter rows; on a loaded machine they may wait past the pool's usual 5 s.
    const fresh = await createTestApp({}, { connectionWaitMs: 60_000 });
    try {
      const staff = await fresh.as('admin');
      const bookings = await Promise.all(Array.from({ length: 20 }, () => createBooking(fresh.db)));
      const answers = await Promise.all([
        ...bookings.slice(0, 10).map((b) => staff.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })),
        staff.put('/api/admin/invoice-settings', SETTINGS),
        ...bookings.slice(10).map((b) => staff.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([...bookings.slice(0, 10).map(() => 201), 200, ...bookings.slice(10).map(() => 201)]);
      const rows = await fresh.db.select().from(invoices);
      expect(rows.filter((r) => r.status !== 'issued')).toEqual([]);
      expect(rows.map((r) => r.sequence ?? 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.bookingId))).toEqual(new Set(bookings.map((b) => b.id)));
    } finally {
      await fresh.close();
    }
  });
});
