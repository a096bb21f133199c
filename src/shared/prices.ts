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

export type BookingPrice = { price_per_person: number; add_ons_total: number; total_price: number };

/** Per person for the plan times players, plus each add-on once (add-ons are flat). */
export function computeBookingPrice(input: { players: number; pricePerPerson: number; addOnPrices: number[] }): BookingPrice {
  const addOnsTotal = roundMoney(input.addOnPrices.reduce((sum, p) => sum + p, 0));
  return {
    price_per_person: roundMoney(input.pricePerPerson),
    add_ons_total: addOnsTotal,
    total_price: roundMoney(input.pricePerPerson * input.players + addOnsTotal),
  };
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
