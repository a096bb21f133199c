import { z } from 'zod';
import { ADD_ON_TYPES, CURRENCIES, PLAN_TYPES } from '../plans';
import { exactMinorUnits } from '../money';
import { translationsResponse, translationsSchema } from '../i18n/content-schema';
import { hasNoNul, isOneLine, NUL_MESSAGE, ONE_LINE_MESSAGE } from '../validation/text-rules';

const itemTranslationsResponse = translationsResponse({ name: z.string(), description: z.string() });

export const featureSchema = z.object({
  text: z.string(),
  tooltip: z.string().optional(),
  is_new: z.boolean().optional(),
  description: z.string().optional(),
});

/** What a plan and an add-on both show: the price list's item, priced in the asked currency. */
const priceItemShape = {
  type: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  formatted_amount: z.string(),
  features: z.array(featureSchema),
  /** Staff's translations of the name and description (decision 0630); the screens pick the reader's (localizedPricing). */
  translations: itemTranslationsResponse.optional(),
};

export const planPriceSchema = z.object({
  ...priceItemShape,
  is_active: z.boolean(),
  is_recommended: z.boolean(),
  is_sale: z.boolean().optional(),
  original_price: z.number().optional(),
  original_formatted_amount: z.string().optional(),
});

export const addOnPriceSchema = z.object({
  ...priceItemShape,
  note: z.string().optional(),
  note_tooltip: z.string().optional(),
});

export const pricingQuery = z.object({
  currency: z.enum(CURRENCIES, { message: 'The currency must be one of GBP, USD or EUR.' }).default('GBP'),
});

export const pricingResponse = z.object({
  currency: z.enum(CURRENCIES),
  plans: z.array(planPriceSchema),
  addons: z.array(addOnPriceSchema),
});
export type Pricing = z.infer<typeof pricingResponse>;

export const PRICE_MESSAGES = {
  price: 'Please give a price of 0 or more, with at most two decimals.',
  nameTooLong: 'Please keep the name to 100 characters.',
  descriptionTooLong: 'Please keep the description to 1,000 characters.',
  sale: 'A sale price must be lower than the price.',
  duplicate: 'Each item may be given once.',
} as const;

/** A price as staff give it: whole currency units, at most two decimals (shared/money.ts exactMinorUnits). */
const priceAmount = z
  .number({ message: PRICE_MESSAGES.price })
  .max(1_000_000, PRICE_MESSAGES.price)
  .refine((amount) => exactMinorUnits(amount) !== null, PRICE_MESSAGES.price);

/** A plan's or an add-on's name and description in other languages (decision 0630); left out of a PUT: kept. */
const itemTranslationsBody = translationsSchema({
  name: z.string().trim().max(100, PRICE_MESSAGES.nameTooLong).refine(hasNoNul, NUL_MESSAGE).refine(isOneLine, ONE_LINE_MESSAGE),
  description: z.string().trim().max(1_000, PRICE_MESSAGES.descriptionTooLong).refine(hasNoNul, NUL_MESSAGE),
}).optional();

/**
 * PUT /api/admin/pricing (api-contract, "Exact money"): the items given are set; an item left out keeps its price.
 * A plan's `is_active` and `sale_price` left out keep what is stored; `sale_price: null` ends a sale. An add-on's price
 * is its only price (a sale it had ends).
 */
export const updatePricingBody = z
  .object({
    currency: z.enum(CURRENCIES, { message: 'The currency must be one of GBP, USD or EUR.' }),
    plans: z
      .array(
        z.object({
          type: z.enum(PLAN_TYPES),
          price: priceAmount,
          is_active: z.boolean().optional(),
          sale_price: priceAmount.nullish(),
          translations: itemTranslationsBody,
        }),
      )
      .default([]),
    addons: z.array(z.object({ type: z.enum(ADD_ON_TYPES), price: priceAmount, translations: itemTranslationsBody })).default([]),
  })
  .superRefine((body, ctx) => {
    body.plans.forEach((plan, i) => {
      if (plan.sale_price != null && plan.sale_price >= plan.price)
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'sale_price'], message: PRICE_MESSAGES.sale });
    });
    for (const key of ['plans', 'addons'] as const) {
      const types = body[key].map((item) => item.type);
      if (new Set(types).size !== types.length) ctx.addIssue({ code: 'custom', path: [key], message: PRICE_MESSAGES.duplicate });
    }
  });
export type UpdatePricingBody = z.infer<typeof updatePricingBody>;
export type UpdatePricingInput = z.input<typeof updatePricingBody>;

/**
 * GET /api/admin/pricing: the `/api/pricing` shape with every plan and add-on, active or not; each plan also says its
 * list price and sale price as stored (what PUT takes), an add-on whether it is offered.
 */
export const adminPricingResponse = z.object({
  currency: z.enum(CURRENCIES),
  plans: z.array(planPriceSchema.extend({ list_price: z.number(), sale_price: z.number().nullable() })),
  addons: z.array(addOnPriceSchema.extend({ is_active: z.boolean() })),
});
export type AdminPricing = z.infer<typeof adminPricingResponse>;
