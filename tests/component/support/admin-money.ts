import type { PaymentRow } from '../../../src/shared/api/admin-payments';
import type { AdminGiftVoucher, AdminGiftVoucherDetail, CreateAdminGiftVoucherInput } from '../../../src/shared/api/gift-vouchers';

/** One row of GET /api/admin/payments: an £80 card payment into Vera Voucher's booking 7, overridden per test. */
export const paymentRow = (id: number, extra: Partial<PaymentRow>): PaymentRow => ({
  id,
  booking_id: 7,
  booking_name: 'Vera Voucher',
  booking_email: 'vera@example.test',
  payment_type: 'card',
  kind: 'payment',
  payment_amount: 8_000,
  currency: 'GBP',
  corrects_payment_id: null,
  reason: null,
  recorded_by_name: null,
  free_voucher: false,
  created_at: '2030-01-03T10:00:00.000Z',
  ...extra,
});

/** A bought £50 gift voucher with £20 left, as the staff list shows it (code ABCD-EFGH-JKMN, for Rita Recipient). */
export const BOUGHT_VOUCHER: AdminGiftVoucher = {
  id: 7,
  code: 'ABCDEFGHJKMN',
  amount: 5_000,
  balance: 2_000,
  currency: 'GBP',
  status: 'active',
  recipient_name: 'Rita Recipient',
  buyer_email: 'bob@example.test',
  issued_at: '2030-01-10T10:00:00.000Z',
  expires_at: '2031-01-10T23:59:59.999Z',
};

/** What POST /api/admin/gift-vouchers answers for `body`: voucher 9, code PQRS-TUVW-XYZ2, issued by staff for the whole amount. */
export const issuedVoucher = (body: CreateAdminGiftVoucherInput): AdminGiftVoucherDetail => ({
  ...BOUGHT_VOUCHER,
  id: 9,
  code: 'PQRSTUVWXYZ2',
  amount: body.amount,
  balance: body.amount,
  currency: body.currency ?? 'GBP',
  recipient_name: body.recipient_name,
  buyer_email: body.email ?? null,
  message: body.message ?? null,
  buyer_name: null,
  source: 'staff',
  ledger: [{ kind: 'issued', amount: body.amount, booking_id: null, booking_code: null, at: '2030-02-01T09:00:00.000Z' }],
});
