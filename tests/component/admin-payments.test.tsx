import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminPaymentsEndpoints as ep } from '../../src/shared/api/endpoints/admin-payments';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { PaymentsPage } from '../../src/web/features/admin-payments/payments-page';
import { paymentRow } from './support/admin-money';
import { answer, callsTo } from './support/network';
import { renderScreen, screen, within } from './support/render';

/** /admin/payments on its own (issue 35, decision 0505): a gift voucher's type in words, its filter, free money apart. */
describe('Payments page: gift voucher payments', () => {
  it('labels a voucher payment "Gift voucher", offers it as a filter, and shows free voucher money apart from Total received', async () => {
    answer(invoiceEndpoints.settings, {
      settings: { seller_name: 'Hatch', seller_address: '1 Street', vat_number: 'GB1', vat_rate: 20 },
      ready: true,
      waiting: 0,
    });
    answer(ep.list, {
      payments: [paymentRow(2, { payment_type: 'voucher', payment_amount: 4_000, free_voucher: true }), paymentRow(1, {})],
      pagination: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
      totals: [{ currency: 'GBP', received: 8_000, refunded: 0, net: 8_000, free_vouchers: 4_000, entries: 2 }],
    });
    const { user } = renderScreen(<PaymentsPage />, { path: '/admin/payments', route: '/admin/payments' });
    const totals = await screen.findByTestId('totals-GBP');
    expect(totals.textContent).toContain('Total received: £80.00');
    expect(within(totals).getByTestId('free-vouchers-GBP').textContent).toBe('Paid with free gift vouchers (not money received): £40.00');
    const rows = screen.getAllByRole('row').slice(1);
    const typeOf = (r: HTMLElement | undefined) => (r ? within(r).getAllByRole('cell')[3]?.textContent : undefined);
    expect(typeOf(rows[0])).toBe('Gift voucher (free)');
    expect(typeOf(rows[1])).toBe('Card');

    const type = screen.getByLabelText('Type');
    expect(within(type).getByRole('option', { name: 'Gift voucher' })).toBeTruthy();
    await user.selectOptions(type, 'Gift voucher');
    await waitFor(() => expect(callsTo(ep.list).at(-1)?.url.searchParams.get('payment_type')).toBe('voucher'));
  });
});
