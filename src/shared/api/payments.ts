import { z } from 'zod';
import { CHECKOUT_PURPOSES, CHECKOUT_STATUSES } from '../payments';
import { manageKeySchema } from './public-booking';

/** Online payment by the booker (decisions 0190, 0250, 0252): the texts both sides show. */
export const PAYMENT_MESSAGES = {
  cancelled: 'This booking is cancelled: it cannot be paid.',
  nothingDue: 'Nothing is due on this booking.',
  purposeNotOffered: 'That payment is not available for this booking now.',
  amountMismatch: 'The amount to pay has changed: please reload the page and try again.',
  noProvider: 'Online payment is not available: please pay by bank transfer.',
  providerFailed: 'The payment service could not be reached. Please try again in a moment.',
  checkoutNotFound: 'Payment not found',
  refundProviderFailed: 'The payment service refused the refund. Nothing was changed.',
  voidProviderPayment: 'A card payment taken online cannot be voided: refund it instead.',
  providerNotConfigured: 'This card payment can only be refunded through the payment service, which is not configured.',
} as const;

export const checkoutPurposeSchema = z.enum(CHECKOUT_PURPOSES);

export const checkoutParams = z.object({ key: manageKeySchema, sessionId: z.string().regex(/^[A-Za-z0-9_]{1,200}$/, 'Invalid payment reference') });

/** The booker asks to pay: what for, and the amount they were shown (minor units), refused if it no longer matches. */
export const startCheckoutBody = z.object({
  purpose: checkoutPurposeSchema,
  amount: z.number().int().positive().max(100_000_000),
});

export const startCheckoutResponse = z.object({ checkout_url: z.string(), session_id: z.string() });

/** What the booker sees of a booking's money: totals, what may be paid now, by when, and how. */
export const paymentStateSchema = z.object({
  currency: z.string(),
  /** Minor units. */
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  deposit_percent: z.number().int(),
  /** yyyy-MM-dd, never before today in the game's zone (shared/payments.ts balanceDue). */
  balance_due_date: z.string(),
  /** The game is 14 days away or less (the due day is today): everything is due on booking, no deposit (0505). */
  balance_due_on_booking: z.boolean(),
  options: z.object({ deposit: z.number().int().nullable(), full: z.number().int().nullable(), balance: z.number().int().nullable() }),
  cancelled: z.boolean(),
  /** 'stripe' when cards are taken online, else 'bank_transfer' (pay by transfer, staff record it). */
  provider: z.enum(['stripe', 'bank_transfer']),
  bank_transfer: z.object({ reference: z.string(), details: z.string().nullable() }),
  payments: z.array(z.object({ kind: z.string(), amount: z.number().int(), currency: z.string(), created_at: z.string() })),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;
export const paymentStateResponse = z.object({ payment: paymentStateSchema });

/** The return page asks how its checkout went: paid, still pending (the provider has not said yet), or refused. */
export const confirmCheckoutResponse = z.object({ status: z.enum(CHECKOUT_STATUSES), payment: paymentStateSchema });

export const webhookResponse = z.object({ received: z.boolean() });
