import { defineEndpoint } from '../endpoint';
import { pricingQuery, pricingResponse } from '../pricing';

export const pricingEndpoint = defineEndpoint({ method: 'GET', path: '/api/pricing', query: pricingQuery, response: pricingResponse });
