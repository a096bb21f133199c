import { describe, expect, it } from 'vitest';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { InvoiceSettingsForm } from '../../src/web/features/admin-settings/invoice-settings-form';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen } from './support/render';

const SAVED = { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: 'GB123', vat_rate: 20 };

describe('Settings → Invoices: the seller and the VAT rate (component)', () => {
  it('shows the saved settings, refuses a rate over 100 % before sending, and saves a rate of 17.5 %', async () => {
    answer(invoiceEndpoints.settings, { settings: SAVED, ready: true, waiting: 0 });
    answer(invoiceEndpoints.saveSettings, ({ body }) => ({ settings: body, ready: true, waiting: 0 }));
    const { user } = renderScreen(<InvoiceSettingsForm />, { path: '/admin/settings', route: '/admin/settings' });
    const rate = await screen.findByLabelText('VAT rate (%)');
    expect(screen.getByLabelText("Seller's name")).toHaveProperty('value', 'Hatch Events Ltd');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    await findToast('The VAT rate must be between 0 and 100 %.');
    expect(callsTo(invoiceEndpoints.saveSettings)).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '17.5');
    await user.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    await findToast('Invoice settings saved');
    expect(callsTo(invoiceEndpoints.saveSettings).map((c) => c.body)).toEqual([{ ...SAVED, vat_rate: 17.5 }]);
  });
});
