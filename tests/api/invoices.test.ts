import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { renderDueInvoices, renderInvoicePdf, type InvoiceRenderer } from '../../src/server/domains/commerce';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { staffInvoiceListResponse, invoiceBuyerResponse, invoiceListResponse, invoiceSettingsResponse } from '../../src/shared/api/invoices';
import { INVOICE_MESSAGES } from '../../src/shared/commerce/invoices';

/** Issue 32: invoices and credit notes, on PGlite and (tagged) on PostgreSQL, where the 20 payments truly race. */
let t: TestApp;
let admin: Agent & { userId: number };
const YEAR = new Date().getUTCFullYear();
const SETTINGS = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street\nLondon EC1 1AA', vat_number: 'GB123456789', vat_rate: 20 };

beforeAll(async () => {
  // 20 payments queue on the year's counter row (gapless numbers): on a loaded machine the last ones wait longer than
  // the pool's usual 5 s for a connection; they must wait, not fail with 503, for the test to judge the numbers.
  t = await createTestApp({}, { connectionWaitMs: 60_000 });
  admin = await t.as('admin');
  const res = await admin.put('/api/admin/invoice-settings', SETTINGS);
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t?.close());

const keyHeader = (key: string) => ({ 'x-manage-key': key });

/** One run of the job the server schedules: each issued document's PDF rendered and mailed (decision 0510). */
const renderInvoices = (now: Date, render: InvoiceRenderer = renderInvoicePdf) => renderDueInvoices(t.db, { mail: t.app.deps.mail, render, now });

const mailsWithPdf = (bookingId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), isNotNull(mailOutbox.attachments)))
    .orderBy(mailOutbox.id);

/** A booking paid by staff through the API (£15 × 8 = £120 unless told), as the booker's code and key. */
async function paidBooking(pence = 12_000, overrides: Parameters<typeof createBooking>[1] = {}) {
  const b = await createBooking(t.db, overrides);
  const res = await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: pence });
  expect(res.statusCode).toBe(201);
  const booking = adminBookingResponse.parse(res.json()).booking;
  return { id: b.id, code: b.tempCode, key: b.manageKey, paymentId: booking.booking_payments[0]?.id ?? 0 };
}

async function bookerInvoices(visitor: Agent, b: { code: string; key: string }) {
  const res = await visitor.inject({ method: 'GET', url: `/api/booking/${b.code}/invoices`, headers: keyHeader(b.key) });
  expect(res.statusCode).toBe(200);
  return invoiceListResponse.parse(res.json()).invoices;
}

async function download(visitor: Agent, url: string, key: string) {
  const res = await visitor.inject({ method: 'GET', url, headers: keyHeader(key) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

describe('invoice settings', () => {
  it('are for admins only, need CSRF, and refuse a VAT rate out of range', async () => {
    const visitor = await t.visitor();
    expect((await visitor.get('/api/admin/invoice-settings')).statusCode).toBe(401);
    const host = await t.as('host');
    expect((await host.put('/api/admin/invoice-settings', SETTINGS)).statusCode).toBe(403);
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/invoice-settings', payload: SETTINGS, csrf: false })).statusCode).toBe(419);
    const bad = await admin.put('/api/admin/invoice-settings', { ...SETTINGS, vat_rate: 120 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { vat_rate: ['The VAT rate must be between 0 and 100 %.'] } });
    expect(invoiceSettingsResponse.parse((await admin.get('/api/admin/invoice-settings')).json()).settings).toEqual(SETTINGS);
  });
});

describe('an invoice for each payment', { tags: ['postgres'] }, () => {
  it('lists the invoice to the booker with the management key and serves its PDF with net, VAT and gross', async () => {
    const b = await paidBooking(12_000);
    const visitor = await t.visitor();
    const [invoice, ...rest] = await bookerInvoices(visitor, b);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'invoice', gross: 12_000, currency: 'GBP' });
    expect(invoice?.number).toMatch(new RegExp(`^HATCH-${YEAR}-\\d{4}$`));
    const pdf = await download(visitor, invoice?.pdf_url ?? '', b.key);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Invoice ${invoice?.number}`);
    expect(pdf.text).toContain('Hatch Events Ltd');
    expect(pdf.text).toContain('VAT number: GB123456789');
    expect(pdf.text).toContain('Standard game, per player 8 £15.00 £120.00');
    expect(pdf.text).toContain('Net £100.00 VAT 20% £20.00 Total £120.00');
  });

  it('refuses the list and the PDF without the key (403), with a wrong key (403) and for another booking (404)', async () => {
    const b = await paidBooking();
    const other = await paidBooking();
    const visitor = await t.visitor();
    expect((await visitor.get(`/api/booking/${b.code}/invoices`)).statusCode).toBe(403);
    expect((await visitor.inject({ method: 'GET', url: `/api/booking/${b.code}/invoices`, headers: keyHeader('wrong-key') })).statusCode).toBe(403);
    expect((await visitor.inject({ method: 'GET', url: `/api/booking/${b.code}/invoices`, headers: keyHeader(other.key) })).statusCode).toBe(404);
    const [invoice] = await bookerInvoices(visitor, b);
    expect((await visitor.get(invoice?.pdf_url ?? '')).statusCode).toBe(403);
    expect(
      (await visitor.inject({ method: 'GET', url: `/api/booking/${other.code}/invoices/${invoice?.number}.pdf`, headers: keyHeader(other.key) })).statusCode,
    ).toBe(404);
  });

  it('invoices a deposit and then the balance, each for what it paid, the second taking off the first', async () => {
    const b = await paidBooking(3_000);
    await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'bank_transfer', payment_amount: 9_000 });
    const visitor = await t.visitor();
    const [deposit, balance] = await bookerInvoices(visitor, b);
    expect([deposit?.gross, balance?.gross]).toEqual([3_000, 9_000]);
    const first = await download(visitor, deposit?.pdf_url ?? '', b.key);
    expect(first.text).toContain('To pay later 1 -£90.00 -£90.00');
    expect(first.text).toContain('Net £25.00 VAT 20% £5.00 Total £30.00');
    const second = await download(visitor, balance?.pdf_url ?? '', b.key);
    expect(second.text).toContain('Paid earlier 1 -£30.00 -£30.00');
    expect(second.text).toContain('Net £75.00 VAT 20% £15.00 Total £90.00');
  });

  it('mails the invoice as a PDF after the commit, once, however often the job runs', async () => {
    const b = await paidBooking(12_000);
    // The payment's transaction rendered nothing: no mail carries a PDF yet.
    expect(await mailsWithPdf(b.id)).toEqual([]);
    await renderInvoices(new Date());
    await renderInvoices(new Date());
    const [mail, ...more] = await mailsWithPdf(b.id);
    expect(more).toEqual([]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(mail?.subject).toBe(`Invoice ${invoice?.number}`);
    expect(mail?.attachments?.map((a) => [a.filename, a.content_type])).toEqual([[`${invoice?.number}.pdf`, 'application/pdf']]);
    const pdf = await pdfText(Buffer.from(mail?.attachments?.[0]?.content_base64 ?? '', 'base64'));
    expect(pdf.text).toContain(`Invoice ${invoice?.number}`);
    expect(pdf.text).toContain('Total £120.00');
  });

  it('keeps the payment and its numbered invoice when the PDF fails to render, and mails it on the retry after the backoff', async () => {
    const b = await paidBooking(12_000);
    const failing: InvoiceRenderer = async () => {
      throw new Error('font table unreadable');
    };
    const start = new Date();
    expect(await renderInvoices(start, failing)).toBe(0);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(invoice).toMatchObject({ status: 'issued', mailDue: true, renderError: 'font table unreadable' });
    // The payment stands and the booker already sees the numbered invoice; only its mail waits.
    const detail = adminBookingResponse.parse((await admin.get(`/api/admin/bookings/${b.id}`)).json()).booking;
    expect(detail.booking_payments.map((p) => p.payment_amount)).toEqual([12_000]);
    expect(detail.booking_status).toBe('paid');
    expect((await bookerInvoices(await t.visitor(), b)).map((i) => i.number)).toEqual([invoice?.number]);
    expect(await mailsWithPdf(b.id)).toEqual([]);
    // Not before its backoff step, then with a renderer that works: mailed once, with the same number.
    expect(await renderInvoices(new Date(start.getTime() + 30_000))).toBe(0);
    expect(await renderInvoices(new Date(start.getTime() + 61_000))).toBeGreaterThanOrEqual(1);
    const mails = await mailsWithPdf(b.id);
    expect(mails.map((m) => m.attachments?.map((a) => a.filename))).toEqual([[`${invoice?.number}.pdf`]]);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(after).toMatchObject({ number: invoice?.number, mailDue: false, renderError: null });
  });

  it("shows staff a failed PDF render on the booking's invoices, and Retry mails it at the job's next run, not after the backoff", async () => {
    const b = await paidBooking(9_000);
    const start = new Date();
    expect(
      await renderInvoices(start, async () => {
        throw new Error('font table unreadable');
      }),
    ).toBe(0);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    const number = invoice?.number ?? '';
    const listed = staffInvoiceListResponse.parse((await admin.get(`/api/admin/bookings/${b.id}/invoices`)).json());
    expect(listed.not_mailed_message).toBe(INVOICE_MESSAGES.notMailed);
    expect(listed.not_mailed).toEqual([expect.objectContaining({ number, kind: 'invoice', error: 'font table unreadable', attempts: 1 })]);
    // The payment and the issued invoice stand meanwhile.
    expect(listed.invoices.map((i) => i.number)).toEqual([number]);

    // Only a document whose render failed can be retried; Retry is an admin's, with CSRF, and logged.
    expect((await admin.post(`/api/admin/bookings/${b.id}/invoices/HATCH-1999-0001/retry`)).statusCode).toBe(404);
    const retried = await admin.post(`/api/admin/bookings/${b.id}/invoices/${number}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(staffInvoiceListResponse.parse(retried.json()).not_mailed).toEqual([expect.objectContaining({ number, next_attempt_at: null })]);
    // Two seconds later (the backoff would wait a minute) the job renders and mails it.
    expect(await renderInvoices(new Date(start.getTime() + 2_000))).toBeGreaterThanOrEqual(1);
    expect((await mailsWithPdf(b.id)).map((m) => m.attachments?.map((a) => a.filename))).toEqual([[`${number}.pdf`]]);
    const cleared = staffInvoiceListResponse.parse((await admin.get(`/api/admin/bookings/${b.id}/invoices`)).json());
    expect(cleared).toMatchObject({ not_mailed: [], not_mailed_message: null });
    const timeline = await admin.get(`/api/admin/bookings/${b.id}/timeline`);
    expect(timeline.body).toContain('Asked for an invoice PDF to be made again');
  });

  it('lets staff list and download a booking’s documents', async () => {
    const b = await paidBooking(6_000);
    const res = await admin.get(`/api/admin/bookings/${b.id}/invoices`);
    const [invoice] = invoiceListResponse.parse(res.json()).invoices;
    expect(invoice?.pdf_url).toBe(`/api/admin/bookings/${b.id}/invoices/${invoice?.number}.pdf`);
    const pdf = await admin.get(invoice?.pdf_url ?? '');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).text).toContain('Net £50.00 VAT 20% £10.00 Total £60.00');
    expect((await (await t.visitor()).get(`/api/admin/bookings/${b.id}/invoices`)).statusCode).toBe(401);
  });
});

describe('credit notes', { tags: ['postgres'] }, () => {
  it('gives a partial refund a credit note in the same series that names its invoice', async () => {
    const b = await paidBooking(12_000);
    const refund = await admin.post(`/api/admin/bookings/${b.id}/payments/${b.paymentId}/refund`, { amount: 2_400, reason: 'Two players fewer' });
    expect(refund.statusCode).toBe(201);
    const visitor = await t.visitor();
    const [invoice, credit] = await bookerInvoices(visitor, b);
    expect(credit).toMatchObject({ kind: 'credit_note', gross: -2_400 });
    const sequence = (n: string | undefined) => Number(n?.split('-')[2]);
    expect(sequence(credit?.number)).toBeGreaterThan(sequence(invoice?.number));
    const pdf = await download(visitor, credit?.pdf_url ?? '', b.key);
    expect(pdf.text).toContain(`Credit note ${credit?.number}`);
    expect(pdf.text).toContain(`Credit for invoice: ${invoice?.number}`);
    expect(pdf.text).toContain('Refund: Two players fewer');
    expect(pdf.text).toContain('Net -£20.00 VAT 20% -£4.00 Total -£24.00');
    // Each document is mailed to the booker as its PDF once rendered.
    await renderInvoices(new Date());
    const mails = await mailsWithPdf(b.id);
    expect(mails.flatMap((m) => m.attachments ?? []).map((a) => a.filename)).toEqual([`${invoice?.number}.pdf`, `${credit?.number}.pdf`]);
  });
});

describe("the buyer's company and address", () => {
  it('are added by the booker (key and CSRF) and shown on the invoice downloaded after', async () => {
    const b = await paidBooking();
    const visitor = await t.visitor();
    const url = `/api/booking/${b.code}/invoice-details`;
    const body = { company_name: 'Acme Widgets plc', address: '42 Sprocket Lane\nLeeds LS1 4AP' };
    expect((await visitor.inject({ method: 'PUT', url, payload: body, headers: keyHeader(b.key), csrf: false })).statusCode).toBe(419);
    expect((await visitor.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    const saved = await visitor.inject({ method: 'PUT', url, payload: body, headers: keyHeader(b.key) });
    expect(invoiceBuyerResponse.parse(saved.json()).buyer).toEqual(body);
    const read = await visitor.inject({ method: 'GET', url, headers: keyHeader(b.key) });
    expect(invoiceBuyerResponse.parse(read.json()).buyer).toEqual(body);
    const [invoice] = await bookerInvoices(visitor, b);
    const pdf = await download(visitor, invoice?.pdf_url ?? '', b.key);
    expect(pdf.text).toContain('Bill to Acme Widgets plc');
    expect(pdf.text).toContain('42 Sprocket Lane Leeds LS1 4AP');
  });
});

describe('invoice numbers', { tags: ['postgres'], timeout: 90_000 }, () => {
  it('stay gapless and unique under 20 concurrent payments', async () => {
    const bookings = await Promise.all(Array.from({ length: 20 }, () => createBooking(t.db)));
    const answers = await Promise.all(
      bookings.map((b) => admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const issued = await t.db.select({ number: invoices.number, sequence: invoices.sequence }).from(invoices).where(eq(invoices.year, YEAR));
    const sequences = issued.map((r) => r.sequence ?? 0).sort((a, b) => a - b);
    // Every number of the year from 1 up, each once: those of this file's other tests and the 20 new ones.
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    const mine = await t.db.select({ bookingId: invoices.bookingId }).from(invoices).where(eq(invoices.year, YEAR));
    expect(new Set(mine.map((r) => r.bookingId)).size).toBeGreaterThanOrEqual(20);
    expect(bookings.every((b) => mine.some((r) => r.bookingId === b.id))).toBe(true);
  });
});
