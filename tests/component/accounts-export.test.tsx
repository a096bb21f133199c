import { describe, expect, it } from 'vitest';
import { adminPaymentsEndpoints } from '../../src/shared/api/endpoints/admin-payments';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { PaymentsPage } from '../../src/web/features/admin-payments/payments-page';
import { answer } from './support/network';
import { renderScreen, screen } from './support/render';

const EMPTY = { payments: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 }, totals: [] };
const SETTINGS = { settings: { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: '', vat_rate: 20 }, ready: true, waiting: 0 };

/** Issue 35 (decision 0511): the accountant's export is for the days picked on the Payments page. */
describe('Payments → Export for accounts (component)', () => {
  it('downloads the picked range', async () => {
    answer(adminPaymentsEndpoints.list, EMPTY);
    answer(invoiceEndpoints.settings, SETTINGS);
    renderScreen(<PaymentsPage />, { path: '/admin/payments?from=2026-01-01&to=2026-03-31', route: '/admin/payments' });
    const link = await screen.findByRole('link', { name: 'Export for accounts' });
    expect(link.getAttribute('href')).toBe('/api/admin/finance/export?from=2026-01-01&to=2026-03-31');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('without dates, says to pick them instead of offering the file', async () => {
    answer(adminPaymentsEndpoints.list, EMPTY);
    answer(invoiceEndpoints.settings, SETTINGS);
    renderScreen(<PaymentsPage />, { path: '/admin/payments', route: '/admin/payments' });
    expect((await screen.findByTestId('accounts-export-hint')).textContent).toBe('Pick dates to export for accounts');
    expect(screen.queryByRole('link', { name: 'Export for accounts' })).toBeNull();
  });
});
