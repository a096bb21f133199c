import { giftVoucherEndpoints as ep } from '../../../shared/api/endpoints/gift-vouchers';
import type { BuyGiftVoucherBody } from '../../../shared/api/gift-vouchers';
import { api } from '../../lib/api-client';

/** The public gift voucher calls (issue 32, decision 0406): buying one, and its printable page by token. */

export const giftVoucherKey = (token: string) => ['gift-voucher', token] as const;

/** POST /api/gift-vouchers: answers the provider's checkout page to pay at. */
export async function buyGiftVoucher(body: BuyGiftVoucherBody): Promise<string> {
  return (await api(ep.buy, { body })).checkout_url;
}

export async function fetchGiftVoucher(token: string, signal?: AbortSignal) {
  return (await api(ep.show, { params: { token }, ...(signal ? { signal } : {}) })).data;
}
