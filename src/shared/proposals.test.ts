import { describe, expect, it } from 'vitest';
import { computeQuotePrice, isProposalExpired } from './proposals';

describe('computeQuotePrice', () => {
  it('adds the custom lines, a discount being negative, to the booking price rule', () => {
    const price = computeQuotePrice({
      players: 12,
      pricePerPerson: 20,
      addOnPrices: [300],
      lines: [
        { label: 'Travel', amount: 45.5 },
        { label: 'Discount', amount: -30.25 },
      ],
    });
    expect(price).toEqual({ price_per_person: 20, add_ons_total: 300, discount_total: 0, lines_total: 15.25, total_price: 555.25 });
  });

  it('rounds to the penny', () => {
    expect(computeQuotePrice({ players: 3, pricePerPerson: 0.1, addOnPrices: [], lines: [{ label: 'x', amount: 0.2 }] }).total_price).toBe(0.5);
  });
});

describe('isProposalExpired', () => {
  it('keeps a sent quote open through its valid-until day', () => {
    expect(isProposalExpired({ status: 'sent', valid_until: '2026-05-10' }, '2026-05-10')).toBe(false);
    expect(isProposalExpired({ status: 'sent', valid_until: '2026-05-10' }, '2026-05-11')).toBe(true);
    expect(isProposalExpired({ status: 'accepted', valid_until: '2026-05-10' }, '2026-05-11')).toBe(false);
  });
});
