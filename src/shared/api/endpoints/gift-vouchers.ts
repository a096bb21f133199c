import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { bookingCodeParams } from '../public-booking';
import {
  adminGiftVoucherResponse,
  adminGiftVouchersResponse,
  buyGiftVoucherBody,
  buyGiftVoucherResponse,
  createAdminGiftVoucherBody,
  giftVoucherSettingsResponse,
  giftVoucherSettingsSchema,
  giftVoucherTokenParams,
  publicGiftVoucherResponse,
  redeemVoucherBody,
  redeemVoucherResponse,
} from '../gift-vouchers';

/**
 * Gift vouchers (issue 32, decision 0401). Amounts in pence. Where this differs from the brief:
 * - GET /api/gift-vouchers/:token answers `expires_at: null` (and `code: null`) while the voucher is pending: a voucher
 *   expires `validity_months` after it is issued (paid), so it has no expiry before. While pending, this GET also asks
 *   the payment provider about the checkout, so the return page (the provider sends the buyer to
 *   /gift-vouchers/{token}?session_id=…) just refetches it until `status` is `active`.
 * - POST /api/booking/:code/voucher answers `{booking, voucher: {code, paid, balance, currency}}` (the booking answer plus
 *   what the voucher paid); refusals are 422 on `errors.code`. The booker page's payment box
 *   (GET /api/manage/:key/payment) then shows the voucher's payment (`payments[].kind 'payment'`, paid/due moved).
 * - A voucher code in `discount_code` (POST /api/bookings, PATCH before paying) pays min(balance, total) into the new
 *   booking as a payment of type 'voucher'; the booking's `discount_code` then stays null (only a promo code is a
 *   discount), so one booking has at most one promo code, and vouchers are added on the booker page.
 * - GET /api/discount-codes/:code answers a voucher as `kind: 'voucher'`, `discount_total: 0`, the list `total_price`
 *   and `voucher_balance` (what it can pay: min(voucher_balance, total_price in pence)).
 * - Admin detail adds `message`, `buyer_name` and `source` ('online' | 'staff') to the list fields and the ledger.
 */
export const giftVoucherEndpoints = {
  buy: defineEndpoint({ method: 'POST', path: '/api/gift-vouchers', body: buyGiftVoucherBody, response: buyGiftVoucherResponse, status: 201 }),
  show: defineEndpoint({ method: 'GET', path: '/api/gift-vouchers/:token', params: giftVoucherTokenParams, response: publicGiftVoucherResponse }),
  /** The booker page's box (X-Manage-Key, CSRF; Idempotency-Key honoured). */
  redeem: defineEndpoint({
    method: 'POST',
    path: '/api/booking/:code/voucher',
    params: bookingCodeParams,
    body: redeemVoucherBody,
    response: redeemVoucherResponse,
  }),
};

const base = '/api/admin/gift-vouchers';
/** Staff's gift vouchers and the install's validity setting (under /api/admin: staff only, CSRF on PUT/POST). */
export const adminGiftVoucherEndpoints = {
  list: defineEndpoint({ method: 'GET', path: base, response: adminGiftVouchersResponse }),
  create: defineEndpoint({ method: 'POST', path: base, body: createAdminGiftVoucherBody, response: adminGiftVoucherResponse, status: 201 }),
  detail: defineEndpoint({ method: 'GET', path: `${base}/:id`, params: idParam, response: adminGiftVoucherResponse }),
  settings: defineEndpoint({ method: 'GET', path: '/api/admin/gift-voucher-settings', response: giftVoucherSettingsResponse }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/gift-voucher-settings',
    body: giftVoucherSettingsSchema,
    response: giftVoucherSettingsResponse,
  }),
};
