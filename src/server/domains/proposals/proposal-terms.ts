import type { proposals } from './tables/proposals';

/**
 * A quote's terms as every answer that shows a proposal carries them (the staff list and detail, the customer's
 * page): plan, players, add-ons, custom lines and the prices the one quote rule gave them, valid until a date.
 */
export function proposalTerms(p: typeof proposals.$inferSelect) {
  return {
    plan_type: p.planType,
    players: p.players,
    add_ons: p.addOns,
    lines: p.lines,
    currency: p.currency,
    price_per_person: p.pricePerPerson,
    add_ons_total: p.addOnsTotal,
    lines_total: p.linesTotal,
    total_price: p.totalPrice,
    valid_until: p.validUntil,
  };
}
