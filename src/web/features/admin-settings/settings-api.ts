import { adminGiftVoucherEndpoints as voucherEp } from '../../../shared/api/endpoints/gift-vouchers';
import type { GiftVoucherSettings } from '../../../shared/api/gift-vouchers';
import { api } from '../../lib/api-client';

/** The Settings page's calls that no other page makes: how long a gift voucher lasts (issue 32, decision 0406). */

export const giftVoucherSettingsKey = ['admin', 'gift-voucher-settings'] as const;
export const fetchGiftVoucherSettings = () => api(voucherEp.settings).then((r) => r.data);
export const saveGiftVoucherSettings = (body: GiftVoucherSettings) => api(voucherEp.saveSettings, { body }).then((r) => r.data);
