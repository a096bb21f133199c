import { defineEndpoint } from '../endpoint';
import { adminPricingResponse, pricingQuery, pricingResponse, updatePricingBody } from '../pricing';

export const pricingEndpoint = defineEndpoint({ method: 'GET', path: '/api/pricing', query: pricingQuery, response: pricingResponse });

/** Staff edit the price list (issue 35, decision 0515): a change applies to bookings made after it. */
export const adminPricingEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/api/admin/pricing', query: pricingQuery, response: adminPricingResponse }),
  update: defineEndpoint({ method: 'PUT', path: '/api/admin/pricing', body: updatePricingBody, response: adminPricingResponse }),
};
