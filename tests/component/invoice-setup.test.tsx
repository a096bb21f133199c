import { describe, expect, it } from 'vitest';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { INVOICE_MESSAGES } from '../../src/shared/commerce/invoices';
import { SetupWarning } from '../../src/web/features/admin-shell/setup-warning';
import { InvoiceSettingsForm } from '../../src/web/features/admin-settings/invoice-settings-form';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';
import { paidBooking } from './support/admin-booking';
import { InvoicesSection } from '../../src/web/features/admin-booking-detail/invoices-section';

const BLANK = { seller_name: '', seller_address: '', vat_number: '', vat_rate: 0 };
const SAVED = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: '', vat_rate: 20 };

/** Issue 35 (decision 0510): a fresh install tells staff that invoices wait for the seller's details, and where to fill them in. */
describe('the invoice set-up warning (component)', () => {
  it('says on every admin page that invoices wait, how many, and links to Settings → Invoices', async () => {
    answer(invoiceEndpoints.settings, { settings: BLANK, ready: false, waiting: 2 });
    renderScreen(<SetupWarning />, { path: '/admin/bookings' });
    const warning = await screen.findByTestId('setup-warning');
    expect(warning.textContent).toContain('Invoices are not set up yet.');
    expect(warning.textContent).toContain(
      "No invoice is issued until the seller's name and address are saved under Settings → Invoices. 2 invoices wait to be issued.",
    );
    expect(screen.getByRole('link', { name: "Fill in the seller's details" }).getAttribute('href')).toBe('/admin/settings#invoice-settings');
  });

  it('is gone once the details are saved', async () => {
    answer(invoiceEndpoints.settings, { settings: SAVED, ready: true, waiting: 0 });
    renderScreen(
      <>
        <SetupWarning />
        <InvoiceSettingsForm />
      </>,
      { path: '/admin/payments' },
    );
    await screen.findByLabelText("Seller's name");
    expect(screen.queryByTestId('setup-warning')).toBeNull();
    expect(screen.queryByTestId('invoice-settings-needed')).toBeNull();
  });

  it('on the form: says the details are needed, refuses a blank name before sending, and saving clears the warning', async () => {
    let saved = false;
    answer(invoiceEndpoints.settings, () => (saved ? { settings: SAVED, ready: true, waiting: 0 } : { settings: BLANK, ready: false, waiting: 1 }));
    answer(invoiceEndpoints.saveSettings, ({ body }) => {
      saved = true;
      return { settings: body, ready: true, waiting: 0 };
    });
    const { user } = renderScreen(
      <>
        <SetupWarning />
        <InvoiceSettingsForm />
      </>,
      { path: '/admin/payments' },
    );
    expect((await screen.findByTestId('invoice-settings-needed')).textContent).toContain('1 invoice waits: saving issues them in order.');
    await screen.findByTestId('setup-warning');
    await user.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    await findToast(INVOICE_MESSAGES.sellerNameRequired);
    await user.type(screen.getByLabelText("Seller's name"), SAVED.seller_name);
    await user.type(screen.getByLabelText("Seller's address"), SAVED.seller_address);
    await user.clear(screen.getByLabelText('VAT rate (%)'));
    await user.type(screen.getByLabelText('VAT rate (%)'), '20');
    await user.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    await findToast('Invoice settings saved');
    await expect.poll(() => screen.queryByTestId('setup-warning')).toBeNull();
    expect(screen.queryByTestId('invoice-settings-needed')).toBeNull();
  });
});

describe("a booking's invoices while the seller is unknown (component)", () => {
  it('lists the waiting invoice with the message saying where to fill in the details', async () => {
    answer(invoiceEndpoints.adminList, {
      invoices: [],
      waiting: [{ kind: 'invoice', recorded_at: '2026-03-01T10:00:00.000Z', gross: 12_000, currency: 'GBP' }],
      waiting_message: INVOICE_MESSAGES.waitingForSeller,
      not_mailed: [],
      not_mailed_message: null,
    });
    renderScreen(<InvoicesSection booking={paidBooking()} />, { path: '/admin/bookings/1' });
    const waiting = await screen.findByTestId('invoices-waiting');
    expect(waiting.textContent).toContain(INVOICE_MESSAGES.waitingForSeller);
    expect(waiting.textContent).toContain('Invoice of £120.00, waiting since');
    expect(within(waiting).getByRole('link', { name: "Fill in the seller's details" }).getAttribute('href')).toBe('/admin/settings#invoice-settings');
    expect(screen.getByText('No invoices yet: each payment gets one.')).toBeTruthy();
  });
});

describe("a booking's invoice whose PDF failed to render (component)", () => {
  it("shows the renderer's error with the message, and Retry asks for it again and says so", async () => {
    const failed = {
      number: 'HATCH-2026-0007',
      kind: 'invoice' as const,
      error: 'font table unreadable',
      attempts: 2,
      next_attempt_at: '2026-03-01T10:05:00.000Z',
    };
    const issued = {
      number: 'HATCH-2026-0007',
      kind: 'invoice' as const,
      issued_at: '2026-03-01T10:00:00.000Z',
      gross: 12_000,
      currency: 'GBP',
      pdf_url: '/x.pdf',
    };
    const list = { invoices: [issued], waiting: [], waiting_message: null, not_mailed: [failed], not_mailed_message: INVOICE_MESSAGES.notMailed };
    answer(invoiceEndpoints.adminList, list);
    answer(invoiceEndpoints.adminRetryRender, { ...list, not_mailed: [{ ...failed, next_attempt_at: null }] });
    const booking = paidBooking();
    const { user } = renderScreen(<InvoicesSection booking={booking} />, { path: `/admin/bookings/${booking.id}` });
    const alert = await screen.findByTestId('invoices-not-mailed');
    expect(alert.textContent).toContain(INVOICE_MESSAGES.notMailed);
    expect(alert.textContent).toContain('Invoice HATCH-2026-0007: font table unreadable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findToast(INVOICE_MESSAGES.retryQueued)).toBeTruthy();
    expect(callsTo(invoiceEndpoints.adminRetryRender).map((c) => c.path)).toEqual([`/api/admin/bookings/${booking.id}/invoices/HATCH-2026-0007/retry`]);
  });
});
