import { describe, expect, it } from 'vitest';
import { computeQuotePrice, isProposalExpired } from './proposals';

describe('computeQuotePrice', () => {
  it('adds the custom lines, a discount being negative, to the booking price rule', () => {
    const price = computeQuotePrice({
      players: 12,
      pricePerPersonMinor: 2_000,
      addOnPricesMinor: [30_000],
      lines: [
        { label: 'Travel', amountMinor: 4_550 },
        { label: 'Discount', amountMinor: -3_025 },
      ],
    });
    expect(price).toEqual({ pricePerPersonMinor: 2_000, addOnsTotalMinor: 30_000, discountTotalMinor: 0, linesTotalMinor: 1_525, totalPriceMinor: 55_525 });
  });

  it('adds pence exactly (no float sums: 3 × 0.10 + 0.20 is 0.50)', () => {
    expect(computeQuotePrice({ players: 3, pricePerPersonMinor: 10, addOnPricesMinor: [], lines: [{ label: 'x', amountMinor: 20 }] }).totalPriceMinor).toBe(50);
  });
});

describe('isProposalExpired', () => {
  it('keeps a sent quote open through its valid-until day', () => {
    expect(isProposalExpired({ status: 'sent', valid_until: '2026-05-10' }, '2026-05-10')).toBe(false);
    expect(isProposalExpired({ status: 'sent', valid_until: '2026-05-10' }, '2026-05-11')).toBe(true);
    expect(isProposalExpired({ status: 'accepted', valid_until: '2026-05-10' }, '2026-05-11')).toBe(false);
  });
});
