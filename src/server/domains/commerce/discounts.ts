import type { DbOrTx, Tx } from '../../platform/db/client';
import { ValidationError } from '../../platform/errors';
import { assertPromoApplies, findPromoCode, releasePromoUse, takePromoUse } from './codes/promo-codes';
import { DISCOUNT_MESSAGES, normalizeDiscountCode, type DiscountFacts } from '../../../shared/commerce/discount-code';
import type { Discount } from '../../../shared/prices';

/**
 * The one box of the wizard and the booker page (decision 0400): a promo code or a gift voucher code. The booking
 * domain calls these inside its own transaction (through records.ts), prices with the discount by the one price rule,
 * then attaches the claim to the booking it made.
 */
export type ClaimedCode = { kind: 'promo'; code: string; discount: Discount; promoCodeId: number };

/** Checks a code against the booking's facts; a refusal is a 422 on `discount_code`. Takes nothing yet. */
export async function claimDiscountCode(db: DbOrTx, typed: string, facts: DiscountFacts): Promise<ClaimedCode> {
  const code = normalizeDiscountCode(typed);
  const promo = code ? await findPromoCode(db, code) : null;
  if (!promo) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.unknown);
  return { kind: 'promo', code, discount: assertPromoApplies(promo, facts), promoCodeId: promo.id };
}

/** Ties a claim to its booking: takes the promo code's use (refused as used up when another booking took the last). */
export async function attachDiscountCode(tx: Tx, claim: ClaimedCode, bookingId: number): Promise<void> {
  const promo = await findPromoCode(tx, claim.code);
  if (!promo) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.unknown);
  await takePromoUse(tx, promo, bookingId);
}

/** A booking gives its code's use back: the booker changed or removed the code before paying. */
export async function releaseDiscountCode(tx: Tx, bookingId: number): Promise<void> {
  await releasePromoUse(tx, bookingId);
}
