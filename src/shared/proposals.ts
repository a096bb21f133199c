import { computeBookingPrice, type BookingPriceMinor } from './prices';
import { DEFAULT_ADMIN_TIMEZONE } from './time';
import { minorToUnits } from './money';

/** A custom line of a quote: a label and a signed amount in minor units of the booking's currency; a discount is negative. */
export type QuoteLine = { label: string; amountMinor: number };
export type QuotePriceMinor = BookingPriceMinor & { linesTotalMinor: number };

/**
 * The one rule for a quote's total (docs/decisions/0260-proposals.md): the booking's price rule
 * (per person × players + each add-on once, shared/prices.ts), plus the custom lines. The form shows it as
 * typed and the server stores what it computes; neither writes the sum again.
 */
export function computeQuotePrice(input: {
  players: number;
  pricePerPersonMinor: number;
  addOnPricesMinor: readonly number[];
  lines: readonly QuoteLine[];
}): QuotePriceMinor {
  const base = computeBookingPrice(input);
  const linesTotalMinor = input.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  return { ...base, linesTotalMinor, totalPriceMinor: base.totalPriceMinor + linesTotalMinor };
}

/** A quote's lines as the API answers them: amounts in whole currency units (the one crossing, money.ts). */
export function quoteLinesAnswer(lines: readonly QuoteLine[]): { label: string; amount: number }[] {
  return lines.map((l) => ({ label: l.label, amount: minorToUnits(l.amountMinor) }));
}

/** The quote's dates are days in the admin zone (the business's own calendar). */
export const PROPOSAL_ZONE = DEFAULT_ADMIN_TIMEZONE;

/** A sent quote is open through its valid-until day; after that it can no longer be accepted. */
export function isProposalExpired(p: { status: string; valid_until: string }, today: string): boolean {
  return p.status === 'sent' && p.valid_until < today;
}

/** The customer's page of a proposal, from the token mailed to them. */
export function proposalPath(token: string): string {
  return `/proposal/${encodeURIComponent(token)}`;
}
