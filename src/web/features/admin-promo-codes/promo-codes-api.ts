import type { CreatePromoCodeBody } from '../../../shared/api/promo-codes';
import { adminPromoCodesEndpoints as ep } from '../../../shared/api/endpoints/promo-codes';
import { api } from '../../lib/api-client';

export const promoCodesKey = ['admin', 'promo-codes'] as const;

export function fetchPromoCodes() {
  return api(ep.list).then((r) => r.data);
}

export function createPromoCode(body: CreatePromoCodeBody) {
  return api(ep.create, { body }).then((r) => r.data);
}
