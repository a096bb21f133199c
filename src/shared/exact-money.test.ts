import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBookingPrice, bookingPriceAnswer, type Discount } from './prices';
import { minorToUnits, unitsToMinor } from './money';
import { invoiceLines, linesTotal, splitVat } from './commerce/invoices';
import { checkoutAmounts, dueOf, netPaid, type LedgerEntry } from './payments';

/**
 * Issue 35 "Exact money": the price rule, the booking's answer, the invoice lines and the ledger agree to the minor
 * unit with an independent reference, written differently: BigInt arithmetic on the decimal text of the prices, the
 * percentage rounded half-up by comparing the remainder with half the divisor.
 */
function reference(input: { players: number; priceText: string; addOnTexts: string[]; discount: Discount | null }) {
  const cents = (text: string) => {
    const [whole = '0', frac = ''] = text.split('.');
    return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  };
  const list = cents(input.priceText) * BigInt(input.players) + input.addOnTexts.reduce((sum, t) => sum + cents(t), 0n);
  let discount = 0n;
  if (input.discount && 'percentOff' in input.discount) {
    const bp = BigInt(Math.round(input.discount.percentOff * 100));
    const product = list * bp;
    const quotient = product / 10_000n;
    discount = (product % 10_000n) * 2n >= 10_000n ? quotient + 1n : quotient;
  } else if (input.discount) {
    discount = BigInt(input.discount.amountOff);
  }
  if (discount > list) discount = list;
  return { list, discount, total: list - discount };
}

/** A price as staff type it: whole units and, half the time, pence ("1.45", "20.1", "15"). */
const priceText = fc
  .tuple(fc.integer({ min: 0, max: 5_000 }), fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }))
  .map(([whole, pence]) => (pence === null ? String(whole) : `${whole}.${String(pence).padStart(2, '0')}`));
const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 100 }).map((percentOff) => ({ percentOff })),
  fc.integer({ min: 1, max: 9_999 }).map((bp) => ({ percentOff: bp / 100 })),
  fc.integer({ min: 1, max: 2_000_000 }).map((amountOff) => ({ amountOff })),
);
const bookingArb = fc.record({
  players: fc.integer({ min: 1, max: 10_000 }),
  priceText,
  addOnTexts: fc.array(priceText, { maxLength: 3 }),
  discount: discountArb,
});

function priced(b: { players: number; priceText: string; addOnTexts: string[]; discount: Discount | null }) {
  const minor = (text: string) => unitsToMinor(Number(text)) ?? Number.NaN;
  return computeBookingPrice({
    players: b.players,
    pricePerPersonMinor: minor(b.priceText),
    addOnPricesMinor: b.addOnTexts.map(minor),
    discount: b.discount,
  });
}

describe('exact money: the shared rule against an integer reference (property)', () => {
  it('prices every booking to the minor unit, the discount taken once on the list total, half-up', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const price = priced(b);
        const ref = reference(b);
        expect(BigInt(price.discountTotalMinor)).toBe(ref.discount);
        expect(BigInt(price.totalPriceMinor)).toBe(ref.total);
        expect(price.pricePerPersonMinor * b.players + price.addOnsTotalMinor - price.discountTotalMinor).toBe(price.totalPriceMinor);
        // The answer in currency units says the same amounts, to the penny, with at most two decimals.
        const answer = bookingPriceAnswer(price);
        expect(unitsToMinor(answer.total_price)).toBe(price.totalPriceMinor);
        expect(unitsToMinor(answer.discount_total)).toBe(price.discountTotalMinor);
      }),
      { numRuns: 2_000 },
    );
  });

  it('bills the booking in invoice lines that add up to each payment, with no adjustment line, and VAT that adds up', () => {
    fc.assert(
      fc.property(
        bookingArb,
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2_500 }),
        fc.integer({ min: 0, max: 100 }),
        (b, weights, vatBp, voucherShare) => {
          const price = priced(b);
          const total = price.totalPriceMinor;
          const booking = {
            planType: 'standard',
            players: b.players,
            addOns: b.addOnTexts.length ? ['hosted'] : [],
            pricePerPersonMinor: price.pricePerPersonMinor,
            addOnsTotalMinor: price.addOnsTotalMinor,
            discountTotalMinor: price.discountTotalMinor,
            totalPriceMinor: total,
            discountCode: price.discountTotalMinor ? 'CODE' : null,
          };
          // A gift voucher pays a share first, then the rest is paid in parts (each part at least a penny, when any is left).
          const voucher = Math.floor((total * voucherShare) / 100);
          const rest = total - voucher;
          const sum = weights.reduce((a, w) => a + w, 0);
          const parts = weights.map((w) => Math.floor((rest * w) / sum));
          parts[parts.length - 1]! += rest - parts.reduce((a, p) => a + p, 0);
          let earlier = 0;
          for (const payment of parts.filter((p) => p > 0)) {
            const lines = invoiceLines(booking, payment, { voucher, other: earlier });
            expect(lines.map((l) => l.description)).not.toContain('Price adjustment');
            expect(lines.map((l) => l.description)).not.toContain('Price agreed after booking');
            expect(linesTotal(lines)).toBe(payment);
            for (const l of lines) expect(Number.isSafeInteger(l.amount) && Number.isSafeInteger(l.unit_amount)).toBe(true);
            const vat = splitVat(payment, vatBp);
            expect(vat.net + vat.vat).toBe(payment);
            earlier += payment;
          }
          // The ledger: what was paid net is the total, nothing is due, and a refund makes exactly that much due again.
          const entries: LedgerEntry[] = [voucher, ...parts]
            .filter((p) => p > 0)
            .map((p, i) => ({ id: i + 1, kind: 'payment', payment_amount: p, corrects_payment_id: null }));
          expect(netPaid(entries)).toBe(total);
          expect(dueOf(total, netPaid(entries))).toBe(0);
          if (entries[0]) {
            const refunded = [...entries, { id: 99, kind: 'refund', payment_amount: -1, corrects_payment_id: 1 }];
            expect(dueOf(total, netPaid(refunded))).toBe(1);
          }
          // The deposit is a quarter of the total, half-up, in pence.
          const deposit = checkoutAmounts(total, 0, { onBooking: false }).deposit;
          if (deposit !== null) expect(BigInt(deposit)).toBe((BigInt(total) * 25n * 2n + 100n) / 200n);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the examples of the issue', () => {
    expect(priced({ players: 7, priceText: '1.45', addOnTexts: [], discount: { percentOff: 10 } })).toMatchObject({
      discountTotalMinor: 102,
      totalPriceMinor: 913,
    });
    expect(priced({ players: 1, priceText: '20.10', addOnTexts: [], discount: { percentOff: 5 } })).toMatchObject({
      discountTotalMinor: 101,
      totalPriceMinor: 1_909,
    });
    expect(minorToUnits(913)).toBe(9.13);
  });
});
