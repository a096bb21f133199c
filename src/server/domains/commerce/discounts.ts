import type { DbOrTx, Tx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { assertPromoApplies, findPromoCode, releasePromoUse, takePromoUse } from './codes/promo-codes';
import { findVoucherByCode, voucherRefusal } from './vouchers/voucher-redeem';
import { DISCOUNT_MESSAGES, normalizeDiscountCode, type DiscountFacts } from '../../../shared/commerce/discount-code';
import type { Discount } from '../../../shared/prices';

/**
 * The one box of the wizard and the booker page (decision 0400): a promo code or a gift voucher code. The booking
 * domain calls these inside its own transaction (through records.ts), prices with the discount by the one price rule,
 * then attaches the claim to the booking it made.
 */
export type ClaimedCode =
  | { kind: 'promo'; code: string; discount: Discount; promoCodeId: number }
  /** A gift voucher: no discount (it is money, decision 0401); the booking domain pays with it once the booking exists. */
  | { kind: 'voucher'; code: string; discount: null; balance: number };

/** The code a booking keeps as its discount code: a promo code's; a voucher pays instead and leaves none. */
export const promoCodeOf = (claim: ClaimedCode | null): string | null => (claim?.kind === 'promo' ? claim.code : null);

/**
 * Checks a code against the booking's facts; a refusal is a 422 on `discount_code`. Takes nothing yet. A promo code is
 * looked for first, then a gift voucher's code (issued vouchers only; its balance, currency and expiry checked).
 */
export async function claimDiscountCode(db: DbOrTx, typed: string, facts: DiscountFacts): Promise<ClaimedCode> {
  const code = normalizeDiscountCode(typed);
  const promo = code ? await findPromoCode(db, code) : null;
  if (promo) return { kind: 'promo', code, discount: assertPromoApplies(promo, facts), promoCodeId: promo.id };
  const voucher = code ? await findVoucherByCode(db, code) : undefined;
  if (!voucher?.code) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.unknown);
  const refusal = voucherRefusal(voucher, facts.currency, facts.now);
  if (refusal) throw ValidationError.field('discount_code', refusal);
  return { kind: 'voucher', code: voucher.code, discount: null, balance: voucher.balance };
}

/** Ties a claim to its booking: takes the promo code's use (refused as used up when another booking took the last). */
export async function attachDiscountCode(tx: Tx, claim: ClaimedCode, bookingId: number): Promise<void> {
  if (claim.kind === 'voucher') return;
  const promo = await findPromoCode(tx, claim.code);
  if (!promo) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.unknown);
  await takePromoUse(tx, promo, bookingId);
}

/** A booking gives its code's use back: the booker changed or removed the code before paying. */
export async function releaseDiscountCode(tx: Tx, bookingId: number): Promise<void> {
  await releasePromoUse(tx, bookingId);
}
