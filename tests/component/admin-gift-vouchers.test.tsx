import { describe, expect, it } from 'vitest';
import { adminGiftVoucherEndpoints as ep } from '../../src/shared/api/endpoints/gift-vouchers';
import type { AdminGiftVoucher, AdminGiftVoucherDetail } from '../../src/shared/api/gift-vouchers';
import { GIFT_VOUCHER_MESSAGES, voucherAmountMessage } from '../../src/shared/commerce/gift-vouchers';
import { GiftVoucherDetailPage } from '../../src/web/features/admin-gift-vouchers/gift-voucher-detail-page';
import { GiftVouchersPage } from '../../src/web/features/admin-gift-vouchers/gift-vouchers-page';
import { BOUGHT_VOUCHER, issuedVoucher } from './support/admin-money';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/** Staff's gift voucher pages on their own (issue 32): the list, issuing one, one voucher's ledger (the validity: admin-settings.test.tsx). */

const UNPAID: AdminGiftVoucher = {
  ...BOUGHT_VOUCHER,
  id: 8,
  code: null,
  balance: 10_000,
  amount: 10_000,
  currency: 'EUR',
  status: 'pending',
  issued_at: null,
  expires_at: null,
};

function openList(list: AdminGiftVoucher[]) {
  let vouchers = list;
  answer(ep.list, () => ({ data: vouchers }));
  answer(ep.settings, { data: { validity_months: 12 } });
  const utils = renderScreen(<GiftVouchersPage />, { path: '/admin/gift-vouchers' });
  return { ...utils, setVouchers: (next: AdminGiftVoucher[]) => (vouchers = next) };
}

const rowOf = (text: string) => screen.findByRole('row', { name: new RegExp(text) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('gift vouchers page (component)', () => {
  it('lists vouchers with their amount, balance and status; each code leads to its detail', async () => {
    openList([BOUGHT_VOUCHER, UNPAID]);
    const row = await rowOf('ABCD-EFGH-JKMN');
    expect(cells(row)).toEqual(['ABCD-EFGH-JKMN', 'Rita Recipient', '£50.00', '£20.00', 'Active', '10/01/2030 10:00:00', '10/01/2031 23:59:59']);
    expect(within(row).getByRole('link', { name: 'ABCD-EFGH-JKMN' }).getAttribute('href')).toBe('/admin/gift-vouchers/7');
    expect(cells(await rowOf('Unpaid #8'))).toEqual(['Unpaid #8', 'Rita Recipient', '€100.00', '€100.00', 'Awaiting payment', '—', '—']);
  });

  it('issues a voucher from the form, sending the endpoint body, and lists it', async () => {
    const { user, setVouchers } = openList([]);
    await screen.findByText('No gift vouchers yet.');
    answer(ep.create, ({ body }) => {
      const created = issuedVoucher(body);
      setVouchers([created]);
      return { data: created };
    });
    const form = screen.getByRole('form', { name: 'Issue a gift voucher' });
    await user.type(within(form).getByLabelText('Amount'), '30');
    await user.type(within(form).getByLabelText("Recipient's name"), 'Winner Team');
    await user.type(within(form).getByLabelText('Email (optional)'), 'winner@example.test');
    await user.type(within(form).getByLabelText('Message (optional)'), 'Well played');
    await user.click(within(form).getByRole('button', { name: 'Issue gift voucher' }));

    await findToast('Gift voucher PQRS-TUVW-XYZ2 issued');
    expect(callsTo(ep.create).map((c) => c.body)).toEqual([
      { amount: 3_000, currency: 'GBP', recipient_name: 'Winner Team', message: 'Well played', email: 'winner@example.test' },
    ]);
    expect(cells(await rowOf('PQRS-TUVW-XYZ2'))).toContain('£30.00');
    expect(within(form).getByLabelText('Amount')).toHaveProperty('value', '');
  });

  it("refuses an amount out of range before asking, and puts the server's 422 on its field", async () => {
    const { user } = openList([]);
    const form = await screen.findByRole('form', { name: 'Issue a gift voucher' });
    await user.type(within(form).getByLabelText('Amount'), '1');
    await user.type(within(form).getByLabelText("Recipient's name"), 'Rita');
    await user.click(within(form).getByRole('button', { name: 'Issue gift voucher' }));
    await within(form).findByText(voucherAmountMessage('GBP'));
    expect(callsTo(ep.create)).toEqual([]);

    answer(ep.create, failWith(422, 'The given data was invalid.', 'validation_failed', { recipient_name: [GIFT_VOUCHER_MESSAGES.recipientName] }));
    await user.clear(within(form).getByLabelText('Amount'));
    await user.type(within(form).getByLabelText('Amount'), '10');
    await user.click(within(form).getByRole('button', { name: 'Issue gift voucher' }));
    await within(form).findByText(GIFT_VOUCHER_MESSAGES.recipientName);
    expect(within(form).getByLabelText("Recipient's name").getAttribute('aria-invalid')).toBe('true');
  });
});

describe('gift voucher detail (component)', () => {
  const DETAIL: AdminGiftVoucherDetail = {
    ...BOUGHT_VOUCHER,
    message: 'Happy birthday!',
    buyer_name: 'Bob Buyer',
    source: 'online',
    ledger: [
      { kind: 'issued', amount: 5_000, booking_id: null, booking_code: null, at: '2030-01-10T10:00:00.000Z' },
      { kind: 'redeemed', amount: -4_000, booking_id: 42, booking_code: 'GAME123456', at: '2030-02-01T12:00:00.000Z' },
      { kind: 'refunded', amount: 1_000, booking_id: 42, booking_code: 'GAME123456', at: '2030-02-03T12:00:00.000Z' },
    ],
  };

  it('shows the voucher and its ledger: kind, amount, the booking linked by its code, and the time', async () => {
    answer(ep.detail, ({ params }) => (params.id === '7' ? { data: DETAIL } : failWith(404, GIFT_VOUCHER_MESSAGES.notFound, 'not_found')));
    renderScreen(<GiftVoucherDetailPage />, { path: '/admin/gift-vouchers/7', route: '/admin/gift-vouchers/:id' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Gift voucher ABCD-EFGH-JKMN Active');
    expect(screen.getByText('Bought online by Bob Buyer')).toBeTruthy();
    const ledger = screen.getByRole('table', { name: 'Ledger' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['10/01/2030 10:00:00', 'Issued', '+£50.00', '—'],
      ['01/02/2030 12:00:00', 'Paid into a booking', '−£40.00', 'GAME123456'],
      ['03/02/2030 12:00:00', 'Refunded back', '+£10.00', 'GAME123456'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'GAME123456' }).getAttribute('href')).toBe('/admin/bookings/42');
  });

  it('says an unknown voucher is not found, with the way back', async () => {
    answer(ep.detail, failWith(404, GIFT_VOUCHER_MESSAGES.notFound, 'not_found'));
    renderScreen(<GiftVoucherDetailPage />, { path: '/admin/gift-vouchers/99', route: '/admin/gift-vouchers/:id' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Back to gift vouchers' }).getAttribute('href')).toBe('/admin/gift-vouchers');
  });
});
