import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, gt } from 'drizzle-orm';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import type { Page } from 'playwright-core';
import { promoCodes } from '../../src/server/domains/commerce/tables/promo-codes';
import { saveInvoiceSettings } from '../../src/server/domains/commerce/invoices/invoice-numbers';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { pdfText } from '../support/pdf-text';
import { useStripeStandIn } from './support/stripe-journey';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { completeStepZero, expectNoSeriousA11yViolations, stepTitle } from './wizard-support';

/**
 * Issue 32's browser journeys: a booker books in the wizard with a promo code (the summary shows the discount and the
 * new total), pays part on the booker page with a gift voucher staff issued, pays the rest at the payment provider
 * (the local Stripe stand-in, as payment.test.ts) and downloads the invoice, whose PDF (read with pdf.js) shows the
 * discount, the voucher's line and the totals; staff then give part of the card payment back as goodwill (issue 35) and
 * the booker's page, the refund receipt and the credit note agree on the lower total with nothing due; and a buyer buys
 * a voucher at /gift-vouchers, pays, and opens the printable page from the mail.
 */
const { env, stripe } = useStripeStandIn();

const j = useServerAndBrowser({
  env,
  seed: async (db) => {
    await saveInvoiceSettings(db, { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street, London', vat_number: 'GB123456789', vat_rate: 20 });
    await db.insert(promoCodes).values({ code: 'SUMMER10', percentOff: 10 });
  },
});

/** Pays at the stand-in's hosted page: its amount is what the screen asked for; the provider sends the browser back. */
async function payAtProvider(page: Page, amount: string): Promise<void> {
  await page.waitForURL(`${stripe().url}/pay/**`);
  expect(await page.getByTestId('amount').textContent()).toBe(amount);
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** The mails the server queued to an address, newest last. */
const mailsTo = (to: string) =>
  j.server.db.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

describe('a promo code in the wizard, a gift voucher on the booker page, the invoice', () => {
  it('books with SUMMER10, pays £50 with a staff voucher and the rest by card, and the invoice shows both (phone)', async () => {
    // Staff issue a £50 voucher from the admin page.
    const staff = await j.staffPage('/admin/gift-vouchers');
    const issue = staff.page.getByRole('form', { name: 'Issue a gift voucher' });
    await issue.getByLabel('Amount').fill('50');
    await issue.getByLabel("Recipient's name").fill('Vera Voucher');
    await issue.getByRole('button', { name: 'Issue gift voucher' }).click();
    const toast = await staff.page.getByText(/^Gift voucher [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4} issued$/).textContent();
    const code = /([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(toast ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    const row = staff.page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([code, 'Vera Voucher', '£50.00', 'Active']));

    // The booker, on a phone: 8 players of Standard (£15 each), SUMMER10 on the summary.
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    await page.goto('/');
    await completeStepZero(page, { players: '8' });
    // Standard is the default: its button reads 'Selected Standard'; Next leads on (decision 0537).
    await page.getByRole('button', { name: 'Selected Standard' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await stepTitle(page, 'Optional Add-ons').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await stepTitle(page, 'Final Step').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('vera.booker@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await stepTitle(page, 'Check your booking').waitFor();
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('£120');
    const box = page.getByRole('form', { name: 'Promo code or gift voucher' });
    await box.getByLabel('Promo code or gift voucher').fill('summer 10');
    await box.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-applied').getByText('Code SUMMER10 applied.').waitFor();
    await expect.poll(() => page.getByTestId('summary-discount').textContent()).toBe('−£12');
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('£108');
    await expectNoSeriousA11yViolations(page, 'summary with a promo code');
    await page.getByRole('button', { name: 'Book now' }).click();
    await stepTitle(page, 'Your game is booked!').waitFor();
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('£108');

    // The booker page before paying: the discount stays, and the voucher pays £50 of the £108.
    await page.getByTestId('manage-link').click();
    await page.waitForURL(/\/hatch\//);
    expect(await page.getByTestId('booking-discount').textContent()).toContain('Discount (SUMMER10): −£12');
    await page.getByRole('form', { name: 'Promo code or gift voucher' }).getByLabel('Promo code or gift voucher').fill(code.toLowerCase());
    await page.getByRole('form', { name: 'Promo code or gift voucher' }).getByRole('button', { name: 'Apply' }).click();

    // Paid in part, the booking is a game: its management page says what the voucher paid and what is left.
    await page.waitForURL(/\/manage\//);
    const notice = page.getByTestId('voucher-applied');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`Gift voucher ${code} applied: it paid £50.00. Left to pay: £58.00.`);
    await expect.poll(() => page.getByTestId('paid-amount').textContent(), { timeout: 10_000 }).toBe('£50.00');
    expect(await page.getByTestId('balance-due').textContent()).toBe('£58.00');
    await expectNoSeriousA11yViolations(page, 'management page after a voucher');

    // The rest by card at the provider.
    await page.getByRole('button', { name: 'Pay balance (£58.00)' }).click();
    await payAtProvider(page, '58.00 GBP');
    await page.waitForURL(/\/manage\/[^/]+\/paid\?session_id=cs_test_/);
    await page.getByText('Payment received. Thank you!').waitFor({ timeout: 15_000 });
    await page.getByTestId('back-to-booking').click();
    await expect.poll(() => page.getByTestId('paid-amount').textContent(), { timeout: 10_000 }).toBe('£108.00');
    expect(await page.getByTestId('balance-due').textContent()).toBe('£0.00');

    // Two invoices, one per payment; the card payment's shows the discount, the voucher's share and its totals.
    const section = page.locator('#invoices');
    await expect
      .poll(async () => [...((await section.getByTestId('invoice-list').textContent()) ?? '').matchAll(/Invoice (HATCH-\d{4}-\d{4,})/g)].length)
      .toBe(2);
    const cardRow = section.getByTestId('invoice-list').getByRole('listitem').filter({ hasText: '£58.00' });
    const cardInvoice = /Invoice (HATCH-\d{4}-\d{4,})/.exec((await cardRow.textContent()) ?? '')?.[1] ?? '';
    expect(cardInvoice).not.toBe('');
    expect(await section.getByTestId('invoice-list').getByRole('listitem').filter({ hasText: '£50.00' }).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: new RegExp(`^Download PDF\\s+of ${cardInvoice}$`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${cardInvoice}.pdf`);
    const pdf = await pdfText(readFileSync(await download.path()));
    expect(pdf.text).toContain(`Invoice ${cardInvoice}`);
    expect(pdf.text).toContain('Standard game, per player 8 £15.00 £120.00');
    expect(pdf.text).toContain('Discount (SUMMER10) 1 -£12.00 -£12.00');
    expect(pdf.text).toContain('Paid by gift voucher 1 -£50.00 -£50.00');
    // £120 less £12 less the voucher's £50: this payment, VAT-inclusive.
    expect(pdf.text).toContain('Net £48.33 VAT 20% £9.67 Total £58.00');
    const manageUrl = page.url();

    // Staff see the voucher spent into that booking in its ledger.
    await staff.page.reload();
    await staff.page.getByRole('link', { name: code }).click();
    const ledger = staff.page.getByRole('table', { name: 'Ledger' });
    await ledger.getByText('Paid into a booking').waitFor();
    const rows = await ledger.getByRole('row').allTextContents();
    expect(rows.some((r) => r.includes('Issued') && r.includes('+£50.00'))).toBe(true);
    expect(rows.some((r) => r.includes('Paid into a booking') && r.includes('−£50.00'))).toBe(true);

    // Staff give £8 of the card payment back as goodwill (issue 35, decision 0505): the price is lower now, so the
    // total drops to £100 and nothing becomes due; the booker's page, the refund receipt and the documents agree.
    const [card] = await j.server.db
      .select({ id: bookingPayments.id, bookingId: bookingPayments.bookingId })
      .from(bookingPayments)
      .where(and(eq(bookingPayments.paymentType, 'card'), gt(bookingPayments.paymentAmount, 0)));
    expect(card).toBeDefined();
    await staff.page.goto(`/admin/bookings/${card?.bookingId ?? 0}`);
    const history = staff.page.getByRole('region', { name: 'Payment History' });
    await history.getByRole('button', { name: `Refund payment #${card?.id ?? 0}` }).click();
    const refund = staff.page.getByRole('dialog', { name: 'Refund payment' });
    await refund.getByLabel('Refund amount (£)').fill('8');
    await refund.getByLabel('The price is lower now (goodwill, fewer players)', { exact: false }).check();
    await refund.getByLabel('Reason').fill('Goodwill: a late start');
    expect(await refund.getByRole('status').textContent()).toBe('The total becomes £100.00. Nothing becomes due.');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await staff.page.getByText('Refund recorded successfully').waitFor();
    await history.getByText('price reduced', { exact: false }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    // The booker's page: £100 paid of £100, nothing due, and a credit note beside the two invoices.
    await page.goto(manageUrl);
    await expect.poll(() => page.getByTestId('paid-amount').textContent(), { timeout: 10_000 }).toBe('£100.00');
    expect(await page.getByTestId('balance-due').textContent()).toBe('£0.00');
    await expect
      .poll(async () => page.locator('#invoices').getByTestId('invoice-list').getByRole('listitem').filter({ hasText: 'Credit note' }).count())
      .toBe(1);
    expect(await page.locator('#invoices').getByTestId('invoice-list').getByRole('listitem').filter({ hasText: 'Credit note' }).textContent()).toContain(
      '£8.00',
    );
    // The refund receipt says the same: the discount with its code, the new total, paid so far and nothing due.
    const receipt = (await mailsTo('vera.booker@example.com')).find((m) => m.subject === 'Refund of £8.00');
    expect(receipt?.text).toContain('Discount (SUMMER10)');
    expect(receipt?.text).toContain('Total price: £100.00');
    expect(receipt?.text).toContain('Paid so far: £100.00');
    expect(receipt?.text).toContain('Balance due: Nothing');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('buying a gift voucher', () => {
  it('a buyer buys one from the public site, pays at the provider, lands on the printable page and gets it by mail', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, DESKTOP);
    await page.goto('/');
    await page.getByTestId('brand-header').getByRole('link', { name: 'Gift vouchers' }).click();
    await page.waitForURL(/\/gift-vouchers$/);
    const form = page.getByRole('form', { name: 'Buy a gift voucher' });
    await form.getByLabel('Amount').fill('40');
    expect(await page.getByTestId('voucher-worth').textContent()).toBe('A gift voucher worth £40.00');
    await form.getByLabel("Recipient's name").fill('Gina Gift');
    await form.getByLabel('Message (optional)').fill('Happy birthday, enjoy the hunt!');
    await form.getByLabel('Your name').fill('Bea Buyer');
    await form.getByLabel('Your email').fill('bea.buyer@example.com');
    await expectNoSeriousA11yViolations(page, '/gift-vouchers');
    await form.getByRole('button', { name: 'Continue to payment' }).click();

    await payAtProvider(page, '40.00 GBP');
    await page.waitForURL(/\/gift-vouchers\/[^/?]+\?session_id=/);
    const voucherCode = page.getByTestId('voucher-code');
    await voucherCode.waitFor({ timeout: 15_000 });
    const code = (await voucherCode.textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gift voucher for Gina Gift');
    expect(await page.getByTestId('voucher-amount').textContent()).toBe('£40.00');
    expect(await page.getByTestId('voucher-balance').textContent()).toBe('£40.00');
    expect(await page.getByTestId('voucher-expires').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    // The mail carries the code and the printable page's link; printed, the page keeps only the voucher.
    await expect.poll(async () => (await mailsTo('bea.buyer@example.com')).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo('bea.buyer@example.com');
    expect(mail?.subject).toBe('Your gift voucher (£40.00)');
    expect(mail?.text).toContain(`Voucher code: ${code}`);
    const link = /(https?:\/\/\S+\/gift-vouchers\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    await page.goto(new URL(link).pathname);
    await voucherCode.waitFor();
    expect(await voucherCode.textContent()).toBe(code);
    await expectNoSeriousA11yViolations(page, 'the printable voucher');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('brand-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await voucherCode.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // An address that is no voucher is the app's not-found page.
    await page.goto('/gift-vouchers/no-such-token');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
