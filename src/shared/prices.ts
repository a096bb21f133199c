import type { AddOnType, Currency, PlanType } from './plans';

/**
 * The default price list, seeded into a fresh database (staff may change it there).
 * GBP is the spec's; USD and EUR are rounded local price points, not live conversions
 * (see docs/decisions/0003-money.md).
 */
export const DEFAULT_PRICES: Record<Currency, { plans: Record<PlanType, number>; addons: Record<AddOnType, number> }> = {
  GBP: { plans: { standard: 15, pro: 20, bespoke: 25 }, addons: { hosted: 300 } },
  USD: { plans: { standard: 19, pro: 25, bespoke: 32 }, addons: { hosted: 380 } },
  EUR: { plans: { standard: 18, pro: 23, bespoke: 29 }, addons: { hosted: 350 } },
};

/** `total_price` is after `discount_total` (0 without a promo code). */
export type BookingPrice = { price_per_person: number; add_ons_total: number; discount_total: number; total_price: number };

/** A promo code's discount as the price rule takes it: a percentage of the total, or a fixed amount in minor units. */
export type Discount = { percentOff: number } | { amountOff: number };

/**
 * Per person for the plan times players, plus each add-on once (add-ons are flat), less a promo code's discount
 * (shared/commerce/discount-code.ts says which codes apply). The one price rule: the wizard, the booker page, the
 * server and the export all take their figures from here.
 */
export function computeBookingPrice(input: { players: number; pricePerPerson: number; addOnPrices: number[]; discount?: Discount | null }): BookingPrice {
  const addOnsTotal = roundMoney(input.addOnPrices.reduce((sum, p) => sum + p, 0));
  const listTotal = roundMoney(input.pricePerPerson * input.players + addOnsTotal);
  const discountTotal = discountAmount(listTotal, input.discount ?? null);
  return {
    price_per_person: roundMoney(input.pricePerPerson),
    add_ons_total: addOnsTotal,
    discount_total: discountTotal,
    total_price: roundMoney(listTotal - discountTotal),
  };
}

/** What a discount takes off a total (currency units): never below 0, never more than the total itself. */
export function discountAmount(total: number, discount: Discount | null): number {
  if (!discount) return 0;
  const off = 'percentOff' in discount ? roundMoney((total * discount.percentOff) / 100) : discount.amountOff / 100;
  return roundMoney(Math.min(Math.max(off, 0), total));
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
