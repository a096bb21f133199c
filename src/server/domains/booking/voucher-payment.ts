import type { DbOrTx, Tx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { withBooking, type BookingRow } from './booking-write';
import { recordPayment } from './booking-lifecycle';
import { ledgerOf } from './booking-lookups';
import type { BookingAggregate } from './booking-record';
import type { BookingMailer } from './mails/mail-facts';
import { redeemVoucher, type VoucherRedemption } from '../commerce/records';
import { isClosed } from '../../../shared/lifecycle/booking-states';
import { dueOf } from '../../../shared/payments';
import { toMinorUnits } from '../../../shared/money';
import { GIFT_VOUCHER_MESSAGES, VOUCHER_PAYMENT_TYPE } from '../../../shared/commerce/gift-vouchers';

/**
 * A gift voucher pays a booking (issue 32, decision 0401): as one booking write, the voucher pays min(its balance,
 * what is still due) as a payment of type 'voucher' through recordPayment, the same path as any payment (the booking
 * becomes paid, its game is made, the receipt and invoice follow; a voucher is money, not a discount, so the price and
 * its VAT are untouched). The booking's row is locked first, then the voucher's (commerce, redeemVoucher): the order a
 * refund takes too. A refusal is a 422 on `field` and nothing is written.
 */
export async function payWithVoucher(
  db: DbOrTx,
  input: { bookingId: number; code: string; field: string; now: Date; guard?: (row: BookingRow, tx: Tx) => Promise<void> | void },
  mailer: BookingMailer | null,
): Promise<{ redemption: VoucherRedemption; aggregate: BookingAggregate }> {
  const { result, aggregate } = await withBooking(
    db,
    { id: input.bookingId },
    { actor: { source: 'system', userId: null }, mailer: mailer?.mail ?? null, ...(input.guard ? { guard: input.guard } : {}) },
    async (write) => {
      const { tx, row } = write;
      if (isClosed({ booking_status: row.bookingStatus, lead_status: row.leadStatus }))
        throw ValidationError.field(input.field, GIFT_VOUCHER_MESSAGES.cancelled);
      const net = (await ledgerOf(tx, row.id)).reduce((sum, r) => sum + r.paymentAmount, 0);
      const due = dueOf(toMinorUnits(Number(row.totalPrice)), net);
      return redeemVoucher(
        tx,
        { code: input.code, bookingId: row.id, currency: row.currency, due, now: input.now, field: input.field },
        async (amount) => (await recordPayment(write, { paymentType: VOUCHER_PAYMENT_TYPE, paymentAmount: amount, recordedBy: null }, mailer)).paymentId,
      );
    },
  );
  return { redemption: result, aggregate };
}
