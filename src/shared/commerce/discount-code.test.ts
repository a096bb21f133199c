import { describe, expect, it } from 'vitest';
import { computeBookingPrice, discountAmount } from '../prices';
import { DISCOUNT_MESSAGES, discountOf, normalizeDiscountCode, promoRefusal, type PromoTerms } from './discount-code';

const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  percentOff: 10,
  amountOff: null,
  currency: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  uses: 0,
  plans: null,
  minPlayers: null,
  ...over,
});
const facts = { planType: 'pro' as const, players: 10, currency: 'GBP' as const, now: new Date('2026-06-15T12:00:00Z') };

describe('a discount code', () => {
  it('is one code whatever its case, spaces and dashes', () => {
    expect(normalizeDiscountCode(' summer-10 ')).toBe('SUMMER10');
    expect(normalizeDiscountCode('Summer 10')).toBe('SUMMER10');
  });

  it('applies between its dates, and is refused before and after with its own message', () => {
    const dated = terms({ validFrom: new Date('2026-06-01T00:00:00Z'), validUntil: new Date('2026-07-01T00:00:00Z') });
    expect(promoRefusal(dated, facts)).toBeNull();
    expect(promoRefusal(dated, { ...facts, now: new Date('2026-05-31T23:59:59Z') })).toBe(DISCOUNT_MESSAGES.notYet);
    expect(promoRefusal(dated, { ...facts, now: new Date('2026-07-01T00:00:00Z') })).toBe(DISCOUNT_MESSAGES.expired);
  });

  it('is refused once its uses are taken, for another plan, below its players, in another currency', () => {
    expect(promoRefusal(terms({ maxUses: 1, uses: 1 }), facts)).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(promoRefusal(terms({ maxUses: 2, uses: 1 }), facts)).toBeNull();
    expect(promoRefusal(terms({ plans: ['standard'] }), facts)).toBe(DISCOUNT_MESSAGES.plan);
    expect(promoRefusal(terms({ plans: ['standard', 'pro'] }), facts)).toBeNull();
    expect(promoRefusal(terms({ minPlayers: 12 }), facts)).toBe('This code needs at least 12 players.');
    expect(promoRefusal(terms({ percentOff: null, amountOff: 1000, currency: 'USD' }), facts)).toBe(DISCOUNT_MESSAGES.currency);
    expect(promoRefusal(terms({ percentOff: null, amountOff: 1000, currency: 'GBP' }), facts)).toBeNull();
  });
});

describe('the price rule with a discount', () => {
  it('takes a percentage off the whole total, rounded to the penny', () => {
    expect(computeBookingPrice({ players: 7, pricePerPersonMinor: 1_500, addOnPricesMinor: [30_000], discount: { percentOff: 15 } })).toEqual({
      pricePerPersonMinor: 1_500,
      addOnsTotalMinor: 30_000,
      discountTotalMinor: 6_075,
      totalPriceMinor: 34_425,
    });
  });

  it('takes a fixed amount (minor units) off, never more than the total', () => {
    expect(
      computeBookingPrice({ players: 8, pricePerPersonMinor: 1_500, addOnPricesMinor: [], discount: discountOf({ percentOff: null, amountOff: 2550 }) }),
    ).toMatchObject({ discountTotalMinor: 2_550, totalPriceMinor: 9_450 });
    expect(discountAmount(12_000, { amountOff: 50_000 })).toBe(12_000);
    expect(discountAmount(12_000, null)).toBe(0);
  });
});
