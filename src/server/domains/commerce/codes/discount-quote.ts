import type { DbOrTx } from '../../../platform/db/client';
import { loadPriceTable, priceBooking } from '../../catalogue';
import { claimDiscountCode } from '../discounts';
import type { DiscountQuote } from '../../../../shared/api/promo-codes';
import type { DiscountFacts } from '../../../../shared/commerce/discount-code';
import type { AddOnType } from '../../../../shared/plans';
import { bookingPriceAnswer } from '../../../../shared/prices';

/**
 * A code's effect on a booking not made yet, by the very rule and checks the booking itself will go through
 * (claimDiscountCode, then priceBooking with the discount): the summary shows what the booking will answer.
 */
export async function quoteDiscountCode(db: DbOrTx, code: string, facts: DiscountFacts & { addOns: readonly AddOnType[] }): Promise<DiscountQuote> {
  const claim = await claimDiscountCode(db, code, facts);
  const price = priceBooking(await loadPriceTable(db, facts.currency), {
    planType: facts.planType,
    addOns: [...new Set(facts.addOns)],
    players: facts.players,
    discount: claim.discount,
  });
  return { discount_code: claim.code, kind: claim.kind, ...bookingPriceAnswer(price), voucher_balance: claim.kind === 'voucher' ? claim.balance : null };
}
