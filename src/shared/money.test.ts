import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE, currencySymbol, exactMinorUnits, formatMoney, formatPence, parseMinorUnits, typedAmount } from './money';
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
  it('writes payments in their own currency', () => {
    expect(formatPence(60_000, 'USD')).toBe('$600.00');
    expect(formatPence(-1_250, 'EUR')).toBe('-€12.50');
    expect([currencySymbol('GBP'), currencySymbol('USD'), currencySymbol('EUR')]).toEqual(['£', '$', '€']);
  });
  it('reads typed amounts into minor units, in any of the three currencies', () => {
    expect(parseMinorUnits('120')).toBe(12_000);
    expect(parseMinorUnits('120.5')).toBe(12_050);
    expect(parseMinorUnits(' 0.07 ')).toBe(7);
    expect(parseMinorUnits('£1,200.00')).toBe(120_000);
    expect(parseMinorUnits('$45')).toBe(4_500);
    expect(parseMinorUnits('€ 9.99')).toBe(999);
    for (const text of ['', '0', '0.00', '-5', '1.234', 'ten', '1e3', '1,20', '10000001']) expect(parseMinorUnits(text)).toBeNull();
  });
  it('reads a price given as a number into minor units exactly, with at most two decimals', () => {
    expect([exactMinorUnits(19.99), exactMinorUnits(0.07), exactMinorUnits(1.1), exactMinorUnits(0), exactMinorUnits(300)]).toEqual([1999, 7, 110, 0, 30_000]);
    // 1.005 * 100 is 100.49999… as a float; the decimal form is what staff typed.
    for (const amount of [1.005, 19.999, -5, 1e21, Number.NaN, 0.1 + 0.2]) expect(exactMinorUnits(amount)).toBeNull();
  });
  it('prices a booking per person plus flat add-ons', () => {
    expect(computeBookingPrice({ players: 8, pricePerPerson: 15, addOnPrices: [] })).toEqual({
      price_per_person: 15,
      add_ons_total: 0,
      discount_total: 0,
      total_price: 120,
    });
    expect(computeBookingPrice({ players: 10, pricePerPerson: 25, addOnPrices: [300] })).toEqual({
      price_per_person: 25,
      add_ons_total: 300,
      discount_total: 0,
      total_price: 550,
    });
  });
});

describe('typedAmount', () => {
  it('reads a typed amount as minor units and refuses anything else with the one message', () => {
    expect(typedAmount.parse('£12.50')).toBe(1_250);
    for (const text of ['', '0', 'ten', '1.234']) {
      const result = typedAmount.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([AMOUNT_MESSAGE]);
    }
    expect(AMOUNT_MESSAGE).toBe('Please enter an amount greater than 0');
  });
});
