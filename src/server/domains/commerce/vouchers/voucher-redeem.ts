import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { ValidationError } from '../../../platform/errors';
import { giftVouchers } from '../tables/gift-vouchers';
import { DISCOUNT_MESSAGES, normalizeDiscountCode } from '../../../../shared/commerce/discount-code';
import { isVoucherExpired, VOUCHER_ZONE, voucherExpiresAt } from '../../../../shared/commerce/gift-vouchers';
import { addLedgerEntry, loadValidityMonths, redemptionOfPayment, voucherBy, type VoucherRow } from './voucher-repository';

/** Why a voucher cannot pay a booking in `currency` now (a DISCOUNT_MESSAGES text), or null when it can. */
export function voucherRefusal(v: VoucherRow, currency: string, now: Date): string | null {
  // A bought voucher not paid yet has no code, so it is never found by one; this only guards the type.
  if (!v.code || !v.expiresAt) return DISCOUNT_MESSAGES.unknown;
  if (v.expiredAt !== null || isVoucherExpired(v.expiresAt, now)) return DISCOUNT_MESSAGES.voucherExpired;
  if (v.balance <= 0) return DISCOUNT_MESSAGES.voucherEmpty;
  if (v.currency !== currency) return DISCOUNT_MESSAGES.voucherCurrency;
  return null;
}

/** An issued voucher by the code typed in a box (any case, with or without dashes); undefined when none has it. */
export async function findVoucherByCode(db: DbOrTx, typed: string): Promise<VoucherRow | undefined> {
  const code = normalizeDiscountCode(typed);
  return code ? voucherBy(db, { code }) : undefined;
}

/**
 * The voucher a code names, locked (SELECT … FOR UPDATE) for the rest of the caller's transaction, so racing
 * redemptions queue and each reads the balance the one before left; refused (a 422 on `field`) when it cannot pay a
 * booking in `currency` now. The ledger's `redeemVoucherPayment` pays with it (decision 0545).
 */
export async function lockedVoucherFor(
  tx: DbOrTx,
  input: { code: string; currency: string; now: Date; field: string },
): Promise<VoucherRow & { code: string }> {
  const code = normalizeDiscountCode(input.code);
  const voucher = code ? await voucherBy(tx, { code }, { lock: true }) : undefined;
  if (!voucher?.code) throw ValidationError.field(input.field, DISCOUNT_MESSAGES.unknown);
  const refusal = voucherRefusal(voucher, input.currency, input.now);
  if (refusal) throw ValidationError.field(input.field, refusal);
  return { ...voucher, code: voucher.code };
}

/**
 * A refund or void of a voucher's payment gives the money back to the voucher, not to a card (decision 0401): its
 * balance rises by what was given back, with a 'refunded' entry naming the correcting ledger entry. False when the
 * payment was no voucher redemption (a payment staff merely labelled 'voucher'), so the caller treats it as any other.
 * A voucher past its expiry takes the money back with a fresh validity from the refund (the install's months, as if
 * issued then): the buyer paid that money and the refund is staff's doing, so the expiry job must not take it again
 * at its next run.
 */
export async function refundToVoucher(
  tx: DbOrTx,
  input: { paymentId: number; correctionId: number; bookingId: number; amount: number; now: Date },
): Promise<boolean> {
  const redemption = await redemptionOfPayment(tx, input.paymentId);
  if (!redemption) return false;
  const voucher = await voucherBy(tx, { id: redemption.voucherId }, { lock: true });
  const lapsed = voucher?.expiresAt ? voucher.expiredAt !== null || isVoucherExpired(voucher.expiresAt, input.now) : false;
  const renewed = lapsed ? { expiresAt: voucherExpiresAt(input.now, await loadValidityMonths(tx), VOUCHER_ZONE), expiredAt: null } : {};
  const [back] = await tx
    .update(giftVouchers)
    .set({ balance: sql`${giftVouchers.balance} + ${input.amount}`, ...renewed })
    .where(eq(giftVouchers.id, redemption.voucherId))
    .returning({ id: giftVouchers.id });
  if (!back) throw new Error(`gift voucher ${redemption.voucherId} gone`);
  await addLedgerEntry(tx, {
    voucherId: redemption.voucherId,
    kind: 'refunded',
    amount: input.amount,
    at: input.now,
    bookingId: input.bookingId,
    bookingPaymentId: input.correctionId,
  });
  return true;
}
