import { z } from 'zod';
import { emailSchema } from './public-booking';
import { bookerBookingSchema } from './booking';
import { CURRENCIES } from '../plans';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';
import {
  GIFT_VOUCHER_MESSAGES,
  VOUCHER_AMOUNT,
  VOUCHER_LEDGER_KINDS,
  VOUCHER_STATUSES,
  VOUCHER_VALIDITY,
  voucherAmountMessage,
} from '../commerce/gift-vouchers';

/**
 * Gift vouchers (issue 32, decision 0401). Amounts are integers in minor units (pence) of `currency`; instants are
 * ISO 8601 strings. `code` is the voucher's code in its normal form (12 letters and digits, no dashes): screens show
 * it with formatVoucherCode (`ABCD-EFGH-JKMN`), and the discount box takes either spelling.
 */

const name = (message: string) =>
  z.string({ message }).trim().min(1, message).max(100, 'Please use at most 100 characters').refine(isOneLine, ONE_LINE_MESSAGE);
const voucherMessage = z
  .string()
  .trim()
  .max(500, GIFT_VOUCHER_MESSAGES.message)
  .nullish()
  .transform((v) => (v ? v : null));

/** The amount and currency every voucher is made with; the amount's limits (£5 to £1,000) read in its currency. */
const amountAndCurrency = {
  amount: z.number({ message: voucherAmountMessage('GBP') }).int(voucherAmountMessage('GBP')),
  currency: z.enum(CURRENCIES).default('GBP'),
};
function amountInRange(body: { amount: number; currency: string }, ctx: z.RefinementCtx) {
  if (body.amount < VOUCHER_AMOUNT.min || body.amount > VOUCHER_AMOUNT.max)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: voucherAmountMessage(body.currency) });
}

/** POST /api/gift-vouchers: a visitor buys a voucher; they pay at the provider's checkout page (`checkout_url`). */
export const buyGiftVoucherBody = z
  .object({
    ...amountAndCurrency,
    recipient_name: name(GIFT_VOUCHER_MESSAGES.recipientName),
    message: voucherMessage,
    buyer_name: name(GIFT_VOUCHER_MESSAGES.buyerName),
    buyer_email: emailSchema,
  })
  .superRefine(amountInRange);
export type BuyGiftVoucherBody = z.infer<typeof buyGiftVoucherBody>;
export type BuyGiftVoucherInput = z.input<typeof buyGiftVoucherBody>;

/** `token`: the voucher's private token, the key of its printable page /gift-vouchers/{token}. */
export const buyGiftVoucherResponse = z.object({
  data: z.object({ token: z.string(), status: z.literal('pending') }),
  checkout_url: z.string(),
});

export const giftVoucherTokenParams = z.object({ token: z.string().trim().min(1).max(100) });

/**
 * GET /api/gift-vouchers/{token}: the printable page. `code` and `expires_at` are null until paid (status pending).
 * While pending, the server asks the payment provider about the checkout (the return from the checkout page lands
 * here), so the page may refetch until it turns active.
 */
export const publicGiftVoucherSchema = z.object({
  code: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
  currency: z.enum(CURRENCIES),
  recipient_name: z.string(),
  message: z.string().nullable(),
  expires_at: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
});
export type PublicGiftVoucher = z.infer<typeof publicGiftVoucherSchema>;
export const publicGiftVoucherResponse = z.object({ data: publicGiftVoucherSchema });

/**
 * POST /api/booking/{code}/voucher {code}: the booker page's box pays what is outstanding with a voucher (X-Manage-Key
 * and CSRF like the page's other calls; an Idempotency-Key header is honoured). Answers the booking and what the
 * voucher paid. Refusals: 422 on `code` (unknown, expired, used up, other currency; nothing due), nothing changed.
 */
export const redeemVoucherBody = z.object({
  code: z.string({ message: GIFT_VOUCHER_MESSAGES.voucherCode }).trim().min(1, GIFT_VOUCHER_MESSAGES.voucherCode).max(64),
});
export const redeemVoucherResponse = z.object({
  booking: bookerBookingSchema,
  voucher: z.object({ code: z.string(), paid: z.number().int(), balance: z.number().int(), currency: z.enum(CURRENCIES) }),
});
export type RedeemVoucherResponse = z.infer<typeof redeemVoucherResponse>;

/** One voucher as staff's list shows it. `code`, `issued_at` and `expires_at` are null while a bought one is unpaid. */
export const adminGiftVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
  currency: z.enum(CURRENCIES),
  status: z.enum(VOUCHER_STATUSES),
  recipient_name: z.string(),
  buyer_email: z.string().nullable(),
  issued_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type AdminGiftVoucher = z.infer<typeof adminGiftVoucherSchema>;
export const adminGiftVouchersResponse = z.object({ data: z.array(adminGiftVoucherSchema) });

/** One entry of a voucher's ledger: `amount` positive for what was issued or refunded back, negative for what left. */
export const giftVoucherLedgerEntrySchema = z.object({
  kind: z.enum(VOUCHER_LEDGER_KINDS),
  amount: z.number().int(),
  booking_id: z.number().int().nullable(),
  booking_code: z.string().nullable(),
  at: z.string(),
});
export type GiftVoucherLedgerEntry = z.infer<typeof giftVoucherLedgerEntrySchema>;

export const adminGiftVoucherDetailSchema = adminGiftVoucherSchema.extend({
  message: z.string().nullable(),
  buyer_name: z.string().nullable(),
  /** 'online' (bought through the payment provider) or 'staff' (issued by staff). */
  source: z.enum(['online', 'staff']),
  ledger: z.array(giftVoucherLedgerEntrySchema),
});
export type AdminGiftVoucherDetail = z.infer<typeof adminGiftVoucherDetailSchema>;
export const adminGiftVoucherResponse = z.object({ data: adminGiftVoucherDetailSchema });

/** POST /api/admin/gift-vouchers: staff issue a voucher now (active, with its code); mailed to `email` when given. */
export const createAdminGiftVoucherBody = z
  .object({
    ...amountAndCurrency,
    recipient_name: name(GIFT_VOUCHER_MESSAGES.recipientName),
    message: voucherMessage,
    email: emailSchema.nullish().or(z.literal('').transform(() => null)),
  })
  .superRefine(amountInRange);
export type CreateAdminGiftVoucherBody = z.infer<typeof createAdminGiftVoucherBody>;
export type CreateAdminGiftVoucherInput = z.input<typeof createAdminGiftVoucherBody>;

/** GET/PUT /api/admin/gift-voucher-settings: how long a voucher pays from its issue. */
export const giftVoucherSettingsSchema = z.object({
  validity_months: z
    .number({ message: GIFT_VOUCHER_MESSAGES.validityMonths })
    .int(GIFT_VOUCHER_MESSAGES.validityMonths)
    .min(VOUCHER_VALIDITY.min, GIFT_VOUCHER_MESSAGES.validityMonths)
    .max(VOUCHER_VALIDITY.max, GIFT_VOUCHER_MESSAGES.validityMonths),
});
export type GiftVoucherSettings = z.infer<typeof giftVoucherSettingsSchema>;
export const giftVoucherSettingsResponse = z.object({ data: giftVoucherSettingsSchema });
