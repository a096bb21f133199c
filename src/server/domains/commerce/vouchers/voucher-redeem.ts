import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { ValidationError } from '../../../platform/errors';
import { giftVouchers } from '../tables/gift-vouchers';
import { DISCOUNT_MESSAGES, normalizeDiscountCode } from '../../../../shared/commerce/discount-code';
import { GIFT_VOUCHER_MESSAGES, isVoucherExpired, VOUCHER_ZONE, voucherExpiresAt, voucherPays } from '../../../../shared/commerce/gift-vouchers';
import type { Currency } from '../../../../shared/plans';
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

export type VoucherRedemption = { code: string; paid: number; balance: number; currency: Currency };

/**
 * Pays a booking with a voucher (decision 0401), in the booking's write transaction: the voucher's row is locked
 * (SELECT … FOR UPDATE), so racing redemptions queue and each reads the balance the one before left; it pays
 * min(balance, due); `pay` records that as the booking's payment (type 'voucher') and answers its ledger entry id; the
 * balance is lowered by a conditional UPDATE (never below 0, the CHECK agrees) with its 'redeemed' entry. A refusal is a
 * 422 on `field` and, thrown inside the caller's transaction, changes nothing.
 */
export async function redeemVoucher(
  tx: DbOrTx,
  input: { code: string; bookingId: number; currency: string; due: number; now: Date; field: string },
  pay: (amount: number) => Promise<number>,
): Promise<VoucherRedemption> {
  const code = normalizeDiscountCode(input.code);
  const voucher = code ? await voucherBy(tx, { code }, { lock: true }) : undefined;
  if (!voucher?.code) throw ValidationError.field(input.field, DISCOUNT_MESSAGES.unknown);
  const refusal = voucherRefusal(voucher, input.currency, input.now);
  if (refusal) throw ValidationError.field(input.field, refusal);
  const amount = voucherPays(voucher.balance, input.due);
  if (amount <= 0) throw ValidationError.field(input.field, GIFT_VOUCHER_MESSAGES.nothingDue);
  const paymentId = await pay(amount);
  const [left] = await tx
    .update(giftVouchers)
    .set({ balance: sql`${giftVouchers.balance} - ${amount}` })
    .where(and(eq(giftVouchers.id, voucher.id), gte(giftVouchers.balance, amount)))
    .returning({ balance: giftVouchers.balance });
  if (!left) throw ValidationError.field(input.field, DISCOUNT_MESSAGES.voucherEmpty);
  await addLedgerEntry(tx, {
    voucherId: voucher.id,
    kind: 'redeemed',
    amount: -amount,
    at: input.now,
    bookingId: input.bookingId,
    bookingPaymentId: paymentId,
  });
  return { code: voucher.code, paid: amount, balance: left.balance, currency: voucher.currency };
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
