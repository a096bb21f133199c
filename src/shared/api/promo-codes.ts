import { z } from 'zod';
import { ADD_ON_TYPES, CURRENCIES, PLAN_TYPES } from '../plans';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES, normalizeDiscountCode } from '../commerce/discount-code';

/** An instant or a day (YYYY-MM-DD: the start of that day, UTC) as staff give a code's dates. */
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'Please give a date (YYYY-MM-DD) or an ISO 8601 time.')
  .transform((text) => new Date(text).toISOString());

/**
 * POST /api/admin/promo-codes (api-contract, "Codes, vouchers and invoices"): a percentage or an amount off (minor
 * units of `currency`, GBP unless told), optional dates, uses, plans and players. `valid_until` is the first instant
 * the code no longer applies.
 */
export const createPromoCodeBody = z
  .object({
    code: z
      .string()
      .transform(normalizeDiscountCode)
      .refine((code) => DISCOUNT_CODE_PATTERN.test(code), DISCOUNT_MESSAGES.codeFormat),
    percent_off: z.number().int().min(1, 'Please give 1 to 100 percent.').max(100, 'Please give 1 to 100 percent.').nullish(),
    amount_off: z.number().int().positive('Please give an amount greater than 0 (in pence).').max(100_000_000).nullish(),
    currency: z.enum(CURRENCIES).nullish(),
    valid_from: instant.nullish(),
    valid_until: instant.nullish(),
    max_uses: z.number().int().positive('Please give at least 1 use.').nullish(),
    plans: z.array(z.enum(PLAN_TYPES)).min(1).max(PLAN_TYPES.length).nullish(),
    min_players: z.number().int().positive().nullish(),
  })
  .superRefine((body, ctx) => {
    const percent = body.percent_off != null;
    const amount = body.amount_off != null;
    if (percent === amount) ctx.addIssue({ code: 'custom', path: ['percent_off'], message: DISCOUNT_MESSAGES.percentOrAmount });
    if (body.valid_from && body.valid_until && body.valid_until <= body.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: DISCOUNT_MESSAGES.dates });
  });
export type CreatePromoCodeBody = z.infer<typeof createPromoCodeBody>;
export type CreatePromoCodeInput = z.input<typeof createPromoCodeBody>;

export const promoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  plans: z.array(z.enum(PLAN_TYPES)).nullable(),
  min_players: z.number().int().nullable(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeResponse = z.object({ data: promoCodeSchema });
export const promoCodesResponse = z.object({ data: z.array(promoCodeSchema) });

/**
 * GET /api/discount-codes/:code?plan_type&players&currency&add_ons: what a code would do to this booking, priced by
 * the server with the one price rule: the wizard's summary and the booker page show it before the code is sent. A
 * refused code → 422 with errors.discount_code; nothing is taken.
 */
export const discountQuoteParams = z.object({ code: z.string().trim().min(1).max(64) });
export const discountQuoteQuery = z.object({
  plan_type: z.enum(PLAN_TYPES),
  players: z.coerce.number().int().min(1).max(100_000),
  currency: z.enum(CURRENCIES).default('GBP'),
  add_ons: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(ADD_ON_TYPES)).max(ADD_ON_TYPES.length)),
});
export const discountQuoteResponse = z.object({
  discount_code: z.string(),
  kind: z.enum(['promo', 'voucher']),
  price_per_person: z.number(),
  add_ons_total: z.number(),
  discount_total: z.number(),
  total_price: z.number(),
  /** A gift voucher's balance (minor units): what it can pay of the total once booked. Null for a promo code. */
  voucher_balance: z.number().int().nullable(),
});
export type DiscountQuote = z.infer<typeof discountQuoteResponse>;
