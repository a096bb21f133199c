import { describe, expect, it } from 'vitest';
import { formatMoney, formatPence } from './money';
import { computeBookingPrice } from './prices';

describe('money', () => {
  it('shows whole amounts without decimals and others with two', () => {
    expect(formatMoney(15, 'GBP')).toBe('£15');
    expect(formatMoney(15.5, 'GBP')).toBe('£15.50');
    expect(formatMoney(300, 'USD')).toBe('$300');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
  });
  it('turns pence into pounds with two decimals', () => {
    expect(formatPence(1234)).toBe('£12.34');
    expect(formatPence(30000)).toBe('£300.00');
  });
  it('prices a booking per person plus flat add-ons', () => {
    expect(computeBookingPrice({ players: 8, pricePerPerson: 15, addOnPrices: [] })).toEqual({
      price_per_person: 15,
      add_ons_total: 0,
      total_price: 120,
    });
    expect(computeBookingPrice({ players: 10, pricePerPerson: 25, addOnPrices: [300] })).toEqual({
      price_per_person: 25,
      add_ons_total: 300,
      total_price: 550,
    });
  });
});
