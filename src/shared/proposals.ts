import { computeBookingPrice, roundMoney, type BookingPrice } from './prices';
import { DEFAULT_ADMIN_TIMEZONE } from './time';

/** A custom line of a quote: a label and a signed amount in the booking's currency; a discount is negative. */
export type QuoteLine = { label: string; amount: number };
export type QuotePrice = BookingPrice & { lines_total: number };

/**
 * The one rule for a quote's total (docs/decisions/0260-proposals.md): the booking's price rule
 * (per person × players + each add-on once, shared/prices.ts), plus the custom lines. The form shows it as
 * typed and the server stores what it computes; neither writes the sum again.
 */
export function computeQuotePrice(input: { players: number; pricePerPerson: number; addOnPrices: number[]; lines: readonly QuoteLine[] }): QuotePrice {
  const base = computeBookingPrice(input);
  const linesTotal = roundMoney(input.lines.reduce((sum, l) => sum + l.amount, 0));
  return { ...base, lines_total: linesTotal, total_price: roundMoney(base.total_price + linesTotal) };
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
