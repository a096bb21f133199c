import { adminGiftVoucherEndpoints as ep } from '../../../shared/api/endpoints/gift-vouchers';
import type { CreateAdminGiftVoucherBody } from '../../../shared/api/gift-vouchers';
import { api } from '../../lib/api-client';

/** Staff's gift voucher calls (issue 32, decision 0406): the list, one voucher with its ledger, issuing (the validity: admin-settings). */

export const giftVouchersKey = ['admin', 'gift-vouchers'] as const;
export const giftVoucherKey = (id: number) => [...giftVouchersKey, id] as const;

export const fetchGiftVouchers = () => api(ep.list).then((r) => r.data);
export const fetchGiftVoucher = (id: number) => api(ep.detail, { params: { id } }).then((r) => r.data);
export const createGiftVoucher = (body: CreateAdminGiftVoucherBody) => api(ep.create, { body }).then((r) => r.data);
