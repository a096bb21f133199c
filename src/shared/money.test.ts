import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGE,
  currencySymbol,
  exactMinorUnits,
  formatMinor,
  formatMoney,
  formatPence,
  minorToDecimalText,
  minorToUnits,
  parseMinorUnits,
  percentOf,
  unitsToMinor,
} from './money';
import { typedAmount } from './typed-amount';
import { bookingPriceAnswer, computeBookingPrice } from './prices';

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
    expect(computeBookingPrice({ players: 8, pricePerPersonMinor: 1_500, addOnPricesMinor: [] })).toEqual({
      pricePerPersonMinor: 1_500,
      addOnsTotalMinor: 0,
      discountTotalMinor: 0,
      totalPriceMinor: 12_000,
    });
    expect(bookingPriceAnswer(computeBookingPrice({ players: 10, pricePerPersonMinor: 2_500, addOnPricesMinor: [30_000] }))).toEqual({
      price_per_person: 25,
      add_ons_total: 300,
      discount_total: 0,
      total_price: 550,
    });
  });
});

describe('exact money (decision 0500)', () => {
  it('takes a percentage once on the list total, half-up to the penny: the contract example', () => {
    // 7 × £1.45 = £10.15; 10 % is 101.5p, which goes up to 102p (the float rule gave £1.01).
    const price = computeBookingPrice({ players: 7, pricePerPersonMinor: 145, addOnPricesMinor: [], discount: { percentOff: 10 } });
    expect(price).toEqual({ pricePerPersonMinor: 145, addOnsTotalMinor: 0, discountTotalMinor: 102, totalPriceMinor: 913 });
    expect(bookingPriceAnswer(price)).toMatchObject({ discount_total: 1.02, total_price: 9.13 });
    expect(JSON.stringify(bookingPriceAnswer(price))).toBe('{"price_per_person":1.45,"add_ons_total":0,"discount_total":1.02,"total_price":9.13}');
  });

  it('rounds a half penny up: 5 % of £20.10 is £1.01 (the float rule gave £1.00)', () => {
    expect(percentOf(2_010, 5)).toBe(101);
    expect(computeBookingPrice({ players: 1, pricePerPersonMinor: 2_010, addOnPricesMinor: [], discount: { percentOff: 5 } }).discountTotalMinor).toBe(101);
    expect(percentOf(1_015, 10)).toBe(102);
    expect(percentOf(1_014, 10)).toBe(101);
    expect(percentOf(-1_015, 10)).toBe(-102);
    expect(percentOf(999, 12.5)).toBe(125);
  });

  it('crosses between currency units and minor units exactly, refusing a third decimal', () => {
    expect(unitsToMinor(1.45)).toBe(145);
    expect(unitsToMinor(0.29)).toBe(29);
    expect(unitsToMinor(1_234_567.89)).toBe(123_456_789);
    expect(unitsToMinor(-30.25)).toBe(-3_025);
    expect(unitsToMinor(0.1 + 0.2)).toBeNull();
    expect(unitsToMinor(1.005)).toBeNull();
    expect(unitsToMinor(Number.NaN)).toBeNull();
    expect(unitsToMinor(1e21)).toBeNull();
    expect(minorToUnits(913)).toBe(9.13);
    expect(() => minorToUnits(9.5)).toThrow();
    expect(formatMinor(1_500)).toBe('£15');
    expect([minorToDecimalText(-1_250), minorToDecimalText(913), minorToDecimalText(7), minorToDecimalText(123_456_789)]).toEqual([
      '-12.50',
      '9.13',
      '0.07',
      '1234567.89',
    ]);
    expect(formatMinor(913, 'EUR')).toBe('€9.13');
  });

  it('reads back every amount of pence it writes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (minor) => {
        expect(unitsToMinor(minorToUnits(minor))).toBe(minor);
        expect(JSON.parse(JSON.stringify(minorToUnits(minor)))).toBe(minorToUnits(minor));
      }),
    );
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
