import type { AddOnType, Currency, PlanType } from './plans';
import { minorToUnits, percentOf } from './money';

/**
 * The default price list in minor units (pence, cents), seeded into a fresh database (staff may change it there).
 * GBP is the spec's; USD and EUR are rounded local price points, not live conversions
 * (see docs/decisions/0003-money.md).
 */
export const DEFAULT_PRICES_MINOR: Record<Currency, { plans: Record<PlanType, number>; addons: Record<AddOnType, number> }> = {
  GBP: { plans: { standard: 1500, pro: 2000, bespoke: 2500 }, addons: { hosted: 30000 } },
  USD: { plans: { standard: 1900, pro: 2500, bespoke: 3200 }, addons: { hosted: 38000 } },
  EUR: { plans: { standard: 1800, pro: 2300, bespoke: 2900 }, addons: { hosted: 35000 } },
};

/** A booking's price in minor units (decision 0500); `totalPriceMinor` is after `discountTotalMinor` (0 without a promo code). */
export type BookingPriceMinor = { pricePerPersonMinor: number; addOnsTotalMinor: number; discountTotalMinor: number; totalPriceMinor: number };

/** A booking's price as the API answers it: whole currency units with up to two decimals (the spec's units). */
export type BookingPrice = { price_per_person: number; add_ons_total: number; discount_total: number; total_price: number };

/** A promo code's discount as the price rule takes it: a percentage of the list total, or a fixed amount in minor units. */
export type Discount = { percentOff: number } | { amountOff: number };

/**
 * Per person for the plan times players, plus each add-on once (add-ons are flat), less a promo code's discount
 * (shared/commerce/discount-code.ts says which codes apply). The one price rule, in integers of minor units: the
 * wizard, the booker page, the server, the invoice and the export all take their figures from here.
 */
export function computeBookingPrice(input: {
  players: number;
  pricePerPersonMinor: number;
  addOnPricesMinor: readonly number[];
  discount?: Discount | null;
}): BookingPriceMinor {
  const addOnsTotalMinor = input.addOnPricesMinor.reduce((sum, p) => sum + p, 0);
  const listTotal = input.pricePerPersonMinor * input.players + addOnsTotalMinor;
  const discountTotalMinor = discountAmount(listTotal, input.discount ?? null);
  return { pricePerPersonMinor: input.pricePerPersonMinor, addOnsTotalMinor, discountTotalMinor, totalPriceMinor: listTotal - discountTotalMinor };
}

/**
 * What a discount takes off a list total (minor units): a percentage once, on the whole total, rounded half-up to the
 * minor unit (money.ts percentOf); never below 0, never more than the total itself.
 */
export function discountAmount(totalMinor: number, discount: Discount | null): number {
  if (!discount) return 0;
  const off = 'percentOff' in discount ? percentOf(totalMinor, discount.percentOff) : discount.amountOff;
  return Math.min(Math.max(off, 0), Math.max(totalMinor, 0));
}

/** A booking price as the API answers it (the one crossing to whole currency units). */
export function bookingPriceAnswer(p: BookingPriceMinor): BookingPrice {
  return {
    price_per_person: minorToUnits(p.pricePerPersonMinor),
    add_ons_total: minorToUnits(p.addOnsTotalMinor),
    discount_total: minorToUnits(p.discountTotalMinor),
    total_price: minorToUnits(p.totalPriceMinor),
  };
}
