import { queryOptions } from '@tanstack/react-query';
import type { Currency } from '../../shared/plans';
import { pricingEndpoint } from '../../shared/api/endpoints/pricing';
import { api } from './api-client';

/**
 * The price list of a currency, as every screen that prices a game reads it (one key, one cache entry). Stale at once:
 * a screen that opens reads the list again, so a change staff just made shows (decision 0515).
 */
export function pricingQuery(currency: Currency) {
  return queryOptions({ queryKey: ['pricing', currency] as const, queryFn: () => api(pricingEndpoint, { query: { currency } }), staleTime: 0 });
}
