import { defineEndpoint } from '../endpoint';
import { createPromoCodeBody, discountQuoteParams, discountQuoteQuery, discountQuoteResponse, promoCodeResponse, promoCodesResponse } from '../promo-codes';

const base = '/api/admin/promo-codes';
/** Staff's promo codes (issue 32, decision 0400). */
export const adminPromoCodesEndpoints = {
  list: defineEndpoint({ method: 'GET', path: base, response: promoCodesResponse }),
  create: defineEndpoint({ method: 'POST', path: base, body: createPromoCodeBody, response: promoCodeResponse, status: 201 }),
};

/** What a code does to a booking before it is booked: the wizard's summary and the booker page. */
export const discountQuoteEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/discount-codes/:code',
  params: discountQuoteParams,
  query: discountQuoteQuery,
  response: discountQuoteResponse,
});
