import { describe, expect, it } from 'vitest';
import { creditNoteLines, invoiceLines, invoiceNumber, invoiceSettingsSchema, linesTotal, splitVat, vatRateBp } from './invoices';

describe('VAT out of a VAT-inclusive gross', () => {
  it('takes 20 % VAT out of £120.00 as £20.00, net £100.00', () => {
    expect(splitVat(12_000, 2000)).toEqual({ net: 10_000, vat: 2_000, gross: 12_000 });
  });

  it('rounds half away from zero to the penny, and net + VAT is always the gross', () => {
    // 1.05 at 5 % holds 0.05 exactly; 0.63 at 20 % holds 0.105, which rounds up to 0.11
    expect(splitVat(105, 500)).toEqual({ net: 100, vat: 5, gross: 105 });
    expect(splitVat(63, 2000)).toEqual({ net: 52, vat: 11, gross: 63 });
    expect(splitVat(62, 2000)).toEqual({ net: 52, vat: 10, gross: 62 });
    for (let gross = 0; gross < 3_000; gross += 7) {
      const { net, vat } = splitVat(gross, 1750);
      expect(net + vat).toBe(gross);
      expect(Math.abs(vat - (gross * 0.175) / 1.175)).toBeLessThanOrEqual(0.5);
    }
  });

  it('splits a negative gross (a credit note) as the mirror of the positive one', () => {
    expect(splitVat(-63, 2000)).toEqual({ net: -52, vat: -11, gross: -63 });
    expect(splitVat(-12_000, 2000)).toEqual({ net: -10_000, vat: -2_000, gross: -12_000 });
  });

  it('has no VAT at a rate of 0', () => {
    expect(splitVat(4_999, 0)).toEqual({ net: 4_999, vat: 0, gross: 4_999 });
    expect(splitVat(-1, 0)).toEqual({ net: -1, vat: 0, gross: -1 });
  });

  it('refuses fractions of a penny and rates out of range', () => {
    expect(() => splitVat(10.5, 2000)).toThrow();
    expect(() => splitVat(100, -1)).toThrow();
    expect(() => splitVat(100, 10_001)).toThrow();
  });

  it('takes the rate in percent with at most two decimals', () => {
    expect(vatRateBp(17.5)).toBe(1750);
    expect(vatRateBp(0)).toBe(0);
    const parse = (vat_rate: number) => invoiceSettingsSchema.safeParse({ seller_name: 'Hatch Ltd', seller_address: 'x', vat_number: '', vat_rate }).success;
    expect([parse(20), parse(0), parse(7.25), parse(100)]).toEqual([true, true, true, true]);
    expect([parse(-1), parse(100.01), parse(7.125)]).toEqual([false, false, false]);
  });
});

describe('invoice numbers', () => {
  it('are HATCH-year-sequence, four digits at least', () => {
    expect(invoiceNumber(2026, 1)).toBe('HATCH-2026-0001');
    expect(invoiceNumber(2026, 123)).toBe('HATCH-2026-0123');
    expect(invoiceNumber(2027, 10_000)).toBe('HATCH-2027-10000');
  });
});

describe('invoice lines', () => {
  const booking = {
    planType: 'pro',
    players: 8,
    addOns: ['hosted'],
    pricePerPersonMinor: 2_000,
    addOnsTotalMinor: 30_000,
    discountTotalMinor: 0,
    totalPriceMinor: 46_000,
    discountCode: null,
  };

  it('bills plan × players and the add-ons, adding up to a payment of the whole price', () => {
    const lines = invoiceLines(booking, 46_000, { voucher: 0, other: 0 });
    expect(lines).toEqual([
      { description: 'Weapons game, per player', quantity: 8, unit_amount: 2_000, amount: 16_000 },
      { description: 'Add-ons: In-Person Host', quantity: 1, unit_amount: 30_000, amount: 30_000 },
    ]);
    expect(linesTotal(lines)).toBe(46_000);
  });

  it('shows the discount the booking was priced with, under its code', () => {
    const lines = invoiceLines({ ...booking, discountTotalMinor: 4_600, totalPriceMinor: 41_400, discountCode: 'SUMMER10' }, 41_400, { voucher: 0, other: 0 });
    expect(lines.at(-1)).toEqual({ description: 'Discount (SUMMER10)', quantity: 1, unit_amount: -4_600, amount: -4_600 });
    expect(linesTotal(lines)).toBe(41_400);
  });

  it("shows a price agreed after booking (a quote's own lines, a concession) as such, never as an adjustment", () => {
    const lines = invoiceLines({ ...booking, totalPriceMinor: 45_000 }, 45_000, { voucher: 0, other: 0 });
    expect(lines.at(-1)).toEqual({ description: 'Price agreed after booking', quantity: 1, unit_amount: -1_000, amount: -1_000 });
    expect(lines.map((l) => l.description)).not.toContain('Price adjustment');
    expect(linesTotal(lines)).toBe(45_000);
  });

  it('takes off what a gift voucher and earlier payments covered and what is left to pay, so the lines add up to this payment', () => {
    const lines = invoiceLines(booking, 10_000, { voucher: 5_000, other: 11_000 });
    expect(lines.slice(2)).toEqual([
      { description: 'Paid by gift voucher', quantity: 1, unit_amount: -5_000, amount: -5_000 },
      { description: 'Paid earlier', quantity: 1, unit_amount: -11_000, amount: -11_000 },
      { description: 'To pay later', quantity: 1, unit_amount: -20_000, amount: -20_000 },
    ]);
    expect(linesTotal(lines)).toBe(10_000);
  });

  it('gives a credit note one negative line with its reason', () => {
    expect(creditNoteLines(2_500, ' Two players fewer ')).toEqual([
      { description: 'Refund: Two players fewer', quantity: 1, unit_amount: -2_500, amount: -2_500 },
    ]);
  });
});
