import { z } from 'zod';
import { CURRENCIES } from '../plans';

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
