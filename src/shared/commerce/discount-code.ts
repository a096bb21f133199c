import type { Currency, PlanType } from '../plans';
import type { Discount } from '../prices';

/**
 * Promo codes and gift voucher codes (issue 32, decision 0400): one box takes either. A code is compared in its
 * normal form, so "summer 10" and "SUMMER10" are the same code.
 */
export function normalizeDiscountCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** A code staff may create: letters and digits, 3 to 32 of them once normalised. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9]{3,32}$/;

/** The spec-style refusals of a code, field `discount_code` (one box, so one field for both kinds). */
export const DISCOUNT_MESSAGES = {
  unknown: 'This code is not valid. Please check it and try again.',
  notYet: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has already been used the maximum number of times.',
  plan: 'This code is not valid for this game type.',
  currency: 'This code is not valid for this currency.',
  minPlayers: (n: number) => `This code needs at least ${n} players.`,
  voucherEmpty: 'This gift voucher has no balance left.',
  voucherExpired: 'This gift voucher has expired.',
  voucherCurrency: 'This gift voucher is in another currency.',
  alreadyPaid: 'A code can only be added before the booking is paid.',
  codeFormat: 'Please use 3 to 32 letters and digits.',
  codeTaken: 'This code already exists.',
  percentOrAmount: 'Please give either a percentage or an amount off.',
  dates: 'The end date must be after the start date.',
} as const;

/** A promo code's terms, as stored (amounts off in minor units). */
export type PromoTerms = {
  percentOff: number | null;
  amountOff: number | null;
  currency: Currency | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
  plans: readonly PlanType[] | null;
  minPlayers: number | null;
};

/** What a code is checked against: the booking as it would be priced. */
export type DiscountFacts = { planType: PlanType; players: number; currency: Currency; now: Date };

/** Why a promo code does not apply to these facts (a DISCOUNT_MESSAGES text), or null when it does. */
export function promoRefusal(terms: PromoTerms, facts: DiscountFacts): string | null {
  if (terms.validFrom && facts.now < terms.validFrom) return DISCOUNT_MESSAGES.notYet;
  if (terms.validUntil && facts.now >= terms.validUntil) return DISCOUNT_MESSAGES.expired;
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return DISCOUNT_MESSAGES.usedUp;
  if (terms.plans && !terms.plans.includes(facts.planType)) return DISCOUNT_MESSAGES.plan;
  if (terms.minPlayers !== null && facts.players < terms.minPlayers) return DISCOUNT_MESSAGES.minPlayers(terms.minPlayers);
  if (terms.amountOff !== null && terms.currency !== facts.currency) return DISCOUNT_MESSAGES.currency;
  return null;
}

export function discountOf(terms: Pick<PromoTerms, 'percentOff' | 'amountOff'>): Discount | null {
  if (terms.percentOff !== null) return { percentOff: terms.percentOff };
  if (terms.amountOff !== null) return { amountOff: terms.amountOff };
  return null;
}
