import type { DbOrTx, Tx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { withBooking, type BookingRow } from './booking-write';
import { recordPartPayment, recordPayment } from './booking-lifecycle';
import { ledgerOf } from './booking-lookups';
import type { BookingAggregate } from './booking-record';
import type { BookingMailer } from './mails/mail-facts';
import { redeemVoucher, type VoucherRedemption } from '../commerce/records';
import { isClosed } from '../../../shared/lifecycle/booking-states';
import { balanceDue, confirmingAmount, dueOf } from '../../../shared/payments';
import { hasPaid } from '../../../shared/lifecycle/booking-states';
import { todayIn } from '../../../shared/time';
import { GIFT_VOUCHER_MESSAGES, VOUCHER_PAYMENT_TYPE } from '../../../shared/commerce/gift-vouchers';

/**
 * A gift voucher pays a booking (issue 32, decision 0401): as one booking write, the voucher pays min(its balance,
 * what is still due) as a payment of type 'voucher', the same path as any payment (the receipt and invoice follow; a
 * voucher is money, not a discount, so the price and its VAT are untouched). It confirms the booking (paid, its game
 * made, the game links mailed) only when what is then paid net reaches what a card payer must pay first, the deposit
 * rule's `confirmingAmount` (decision 0505); less is recorded and the booking waits for the rest. The booking's row is locked first, then the voucher's (commerce, redeemVoucher): the order a
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
      const total = row.totalPriceMinor;
      const due = dueOf(total, net);
      const confirming = confirmingAmount(total, balanceDue(row.date, todayIn(row.timezone, input.now)));
      return redeemVoucher(tx, { code: input.code, bookingId: row.id, currency: row.currency, due, now: input.now, field: input.field }, async (amount) => {
        const payment = { paymentType: VOUCHER_PAYMENT_TYPE, paymentAmount: amount, recordedBy: null };
        const confirms = hasPaid(row.bookingStatus) || net + amount >= confirming;
        return (confirms ? await recordPayment(write, payment, mailer) : await recordPartPayment(write, payment, mailer)).paymentId;
      });
    },
  );
  return { redemption: result, aggregate };
}
