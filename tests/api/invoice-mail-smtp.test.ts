import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { createBooking } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { invoices } from '../../src/server/domains/commerce/tables/invoices';
import { renderDueInvoices, renderInvoicePdf } from '../../src/server/domains/commerce';

// The invoice mail as it leaves through SMTP (decisions 0412, 0510): the PDF rendered after the payment's commit and
// attached, once, however often the render job and the mail worker run.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** The base64 body of the MIME part named `filename`, decoded. */
function attachment(data: string, filename: string): Buffer {
  const lines = data.split(/\r?\n/);
  const header = lines.findIndex((l) => l.includes(`name=${filename}`));
  const start = lines.findIndex((l, i) => i > header && l.trim() === '');
  const end = lines.findIndex((l, i) => i > start && l.startsWith('--'));
  return Buffer.from(lines.slice(start + 1, end).join(''), 'base64');
}

describe('the invoice mail, sent', () => {
  it('carries the invoice as a PDF attachment, sent once', async () => {
    const admin = await t.as('admin');
    const seller = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street, London', vat_number: '', vat_rate: 20 };
    expect((await admin.put('/api/admin/invoice-settings', seller)).statusCode).toBe(200);
    const b = await createBooking(t.db, { email: 'invoice-by-smtp@example.test' });
    expect((await admin.post(`/api/admin/bookings/${b.id}/payments`, { payment_type: 'card', payment_amount: 12_000 })).statusCode).toBe(201);
    for (let run = 0; run < 2; run++) {
      await renderDueInvoices(t.db, { mail: t.app.deps.mail, render: renderInvoicePdf, now: new Date() });
      await t.app.deps.mail.deliverPending();
    }
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    const filename = `${invoice?.number ?? ''}.pdf`;
    const withPdf = smtp.mails.filter((m) => m.to.some((to) => to.includes('invoice-by-smtp@example.test')) && m.data.includes(filename));
    expect(withPdf).toHaveLength(1);
    const data = withPdf[0]?.data ?? '';
    expect(data).toMatch(new RegExp(`Content-Type: application/pdf; name=${filename}`, 'i'));
    expect(data).toMatch(new RegExp(`Content-Disposition: attachment; filename=${filename}`, 'i'));
    const pdf = await pdfText(attachment(data, filename));
    expect(pdf.text).toContain(`Invoice ${invoice?.number ?? ''}`);
    expect(pdf.text).toContain('Total £120.00');
  });
});
