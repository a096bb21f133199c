import type { DbOrTx, Tx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { withBooking, type BookingRow } from './booking-write';
import { afterPayment, ledgerContext } from './booking-lifecycle';
import type { BookingAggregate } from './booking-record';
import type { BookingMailer } from './mails/mail-facts';
import { redeemVoucherPayment, type VoucherRedemption } from '../commerce/records';
import { hasPaid, isClosed } from '../../../shared/lifecycle/booking-states';
import { balanceDue, confirmingAmount } from '../../../shared/payments';
import { todayIn } from '../../../shared/time';
import { GIFT_VOUCHER_MESSAGES, VOUCHER_PAYMENT_TYPE } from '../../../shared/commerce/gift-vouchers';

/**
 * A gift voucher pays a booking (issue 32, decision 0401), as one booking write that asks the ledger once (decision
 * 0545): the ledger locks the voucher (after the booking's row: the order a refund takes too), pays min(its balance,
 * what is still due) as a payment of type 'voucher' with its invoice, and lowers the balance; the booking then reacts as
 * to any payment (receipt, audit). It confirms the booking (paid, its game made, the game links mailed) only when what
 * is then paid net reaches what a card payer must pay first, the deposit rule's `confirmingAmount` (decision 0505); less
 * is recorded and the booking waits for the rest. A refusal is a 422 on `field` and nothing is written.
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
      const { row } = write;
      if (isClosed({ booking_status: row.bookingStatus, lead_status: row.leadStatus }))
        throw ValidationError.field(input.field, GIFT_VOUCHER_MESSAGES.cancelled);
      const paid = await redeemVoucherPayment(write.tx, { ...ledgerContext(write, mailer), now: input.now }, { code: input.code, field: input.field });
      const confirming = confirmingAmount(row.totalPriceMinor, balanceDue(row.date, todayIn(row.timezone, input.now)));
      const confirms = hasPaid(row.bookingStatus) || paid.paidAfter >= confirming;
      const payment = { paymentType: VOUCHER_PAYMENT_TYPE, paymentAmount: paid.redemption.paid, recordedBy: null };
      await afterPayment(write, payment, paid, confirms, mailer);
      return paid.redemption;
    },
  );
  return { redemption: result, aggregate };
}
