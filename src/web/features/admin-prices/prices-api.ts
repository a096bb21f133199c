import type { UpdatePricingBody } from '../../../shared/api/pricing';
import { adminPricingEndpoints as ep } from '../../../shared/api/endpoints/pricing';
import type { Currency } from '../../../shared/plans';
import { api } from '../../lib/api-client';

export const adminPricingKey = (currency: Currency) => ['admin', 'pricing', currency] as const;

export function fetchAdminPricing(currency: Currency) {
  return api(ep.get, { query: { currency } });
}

export function savePricing(body: UpdatePricingBody) {
  return api(ep.update, { body });
}
