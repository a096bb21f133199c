import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createPaidBooking } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { saveInvoiceSettings } from '../../src/server/domains/commerce/invoices/invoice-numbers';
import { newPage } from './support/browser';
import { useServerAndBrowser } from './support/journey';

/** Issue 32: the organiser adds the company and address to invoice, then downloads the invoice of their payment. */
const j = useServerAndBrowser({
  seed: async (db) => {
    await saveInvoiceSettings(db, { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street, London', vat_number: 'GB123456789', vat_rate: 20 });
    const { booking } = await createPaidBooking(db, { fullName: 'Ivy Invoice', players: 8, pricePerPersonMinor: 1500 }, 12_000);
    return { manageKey: booking.manageKey };
  },
});

describe('invoices on the booker page', () => {
  it('the organiser adds company and address, then downloads the invoice showing them and its totals', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    await page.goto(`/manage/${j.seed.manageKey}`);
    const section = page.locator('#invoices');
    await section.getByTestId('invoice-list').waitFor();
    const number = /Invoice (HATCH-\d{4}-\d{4,})/.exec((await section.getByTestId('invoice-list').textContent()) ?? '')?.[1];
    expect(number).toBeDefined();
    await section.getByLabel('Company name').fill('Acme Widgets plc');
    await section.getByLabel('Billing address').fill('42 Sprocket Lane, Leeds');
    await section.getByRole('button', { name: 'Save invoice details' }).click();
    await page.getByText('Invoice details saved').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: new RegExp(`^Download PDF\\s+of ${number ?? ''}$`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number ?? ''}.pdf`);
    const pdf = await pdfText(readFileSync(await download.path()));
    expect(pdf.text).toContain(`Invoice ${number ?? ''}`);
    expect(pdf.text).toContain('Bill to Acme Widgets plc Ivy Invoice 42 Sprocket Lane, Leeds');
    expect(pdf.text).toContain('Net £100.00 VAT 20% £20.00 Total £120.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
