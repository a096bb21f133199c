import { describe, expect, it } from 'vitest';
import { priceBreakdown, priceBreakdownText } from './price-breakdown';

const sum = (lines: ReturnType<typeof priceBreakdown>) => lines.filter((l) => l.kind !== 'list' && l.kind !== 'total').reduce((s, l) => s + l.amountMinor, 0);

describe('price breakdown', () => {
  it('shows the list price, the discount with its code and the total, and they add up (issue 35)', () => {
    const f = { currency: 'GBP', players: 12, price_per_person: 20, add_ons_total: 300, discount_total: 54, total_price: 486, discount_code: 'SUMMER10' };
    expect(priceBreakdownText(f)).toEqual([
      '£20 per person × 12 players: £240',
      'Add-ons total: £300',
      'List price: £540',
      'Discount (SUMMER10): −£54',
      'Total: £486',
    ]);
    const lines = priceBreakdown(f);
    expect(sum(lines)).toBe(lines.at(-1)?.amountMinor);
  });

  it('has no discount lines without one, and keeps pence exact', () => {
    expect(priceBreakdownText({ currency: 'USD', players: 7, price_per_person: 1.45, add_ons_total: 0, discount_total: 0, total_price: 10.15 })).toEqual([
      '$1.45 per person × 7 players: $10.15',
      'Add-ons total: $0',
      'Total: $10.15',
    ]);
    const lines = priceBreakdown({
      currency: 'EUR',
      players: 7,
      price_per_person: 1.45,
      add_ons_total: 0,
      discount_total: 1.02,
      total_price: 9.13,
      discount_code: 'TEN',
    });
    expect(lines.map((l) => l.text)).toEqual(['€10.15', '€0', '€10.15', '−€1.02', '€9.13']);
    expect(sum(lines)).toBe(913);
  });

  it('names a total the rule does not explain as a price agreed after booking, so the lines still add up', () => {
    const lines = priceBreakdown({ currency: 'GBP', players: 10, price_per_person: 25, add_ons_total: 0, discount_total: 0, total_price: 400 });
    expect(lines.map((l) => `${l.label}: ${l.text}`)).toEqual([
      '£25 per person × 10 players: £250',
      'Add-ons total: £0',
      'List price: £250',
      'Price agreed after booking: £150',
      'Total: £400',
    ]);
    expect(sum(lines)).toBe(40_000);
  });
});
