import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { giftVoucherLedger, giftVouchers } from '../tables/gift-vouchers';

/**
 * Each booking payment a gift voucher made, with the voucher's source: 'online' (bought: money received when it was
 * sold) or 'staff' (issued free: no money ever came in). The payments list joins it so free voucher money is shown
 * apart from money received (issue 35, decision 0505). Read-only, as a subquery the ledger's totals join (ledger/ledger-reads.ts).
 */
export const voucherPaymentSource = new QueryBuilder()
  .select({ paymentId: giftVoucherLedger.bookingPaymentId, source: giftVouchers.source })
  .from(giftVoucherLedger)
  .innerJoin(giftVouchers, eq(giftVouchers.id, giftVoucherLedger.voucherId))
  .where(eq(giftVoucherLedger.kind, 'redeemed'))
  .as('voucher_payment_source');

/** The source whose voucher money is no money received: vouchers staff issued for free. */
export const FREE_VOUCHER_SOURCE = 'staff';
