import type { proposals } from './tables/proposals';
import { minorToUnits } from '../../../shared/money';
import { quoteLinesAnswer } from '../../../shared/proposals';

/**
 * A quote's terms as every answer that shows a proposal carries them (the staff list and detail, the customer's
 * page): plan, players, add-ons, custom lines and the prices the one quote rule gave them, valid until a date.
 */
export function proposalTerms(p: typeof proposals.$inferSelect) {
  return {
    plan_type: p.planType,
    players: p.players,
    add_ons: p.addOns,
    lines: quoteLinesAnswer(p.lines),
    currency: p.currency,
    price_per_person: minorToUnits(p.pricePerPersonMinor),
    add_ons_total: minorToUnits(p.addOnsTotalMinor),
    lines_total: minorToUnits(p.linesTotalMinor),
    total_price: minorToUnits(p.totalPriceMinor),
    valid_until: p.validUntil,
  };
}
