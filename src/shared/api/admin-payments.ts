import { z } from 'zod';
import { paginationSchema } from './common';
import { filterText } from '../validation/text-rules';

/** /admin/payments: the ledger across bookings, filtered, totalled per currency, exported (docs/decisions/0250). */
export const PAYMENT_LIST_KINDS = ['all', 'payment', 'refund', 'void'] as const;
export type PaymentListKind = (typeof PAYMENT_LIST_KINDS)[number];

export const PAYMENTS_MESSAGES = {
  from: 'Please enter a valid start date',
  to: 'Please enter a valid end date',
  order: 'The end date must not be before the start date',
} as const;

const day = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** Days are the admin zone's (Europe/London), both ends included; no range is every entry. */
export const paymentsQuery = z.object({
  from: day(PAYMENTS_MESSAGES.from),
  to: day(PAYMENTS_MESSAGES.to),
  /** card, bank_transfer, …, or a provider's: the ledger stores any short text. */
  payment_type: filterText(50),
  kind: z.enum(PAYMENT_LIST_KINDS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;
export const paymentsExportQuery = paymentsQuery.omit({ page: true, per_page: true });

export const paymentRowSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  booking_name: z.string().nullable(),
  booking_email: z.string(),
  payment_type: z.string(),
  /** payment, void or refund (negative pence): src/shared/payments.ts. */
  kind: z.string(),
  payment_amount: z.number().int(),
  currency: z.string(),
  corrects_payment_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  /** Made by (or correcting a payment made by) a gift voucher staff issued for free: no money received (0505). */
  free_voucher: z.boolean(),
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** One currency's figures for the filtered entries, in pence: never added across currencies. */
export const currencyTotalSchema = z.object({
  currency: z.string(),
  /** Payments received (positive). */
  received: z.number().int(),
  /** Refunds and voids, as a positive amount taken back. */
  refunded: z.number().int(),
  /** received − refunded: the money the entries moved. */
  net: z.number().int(),
  /** Staff-issued (free) gift voucher money used, net of its refunds: apart from the money, never in `received` (0505). */
  free_vouchers: z.number().int(),
  entries: z.number().int(),
});
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

export const paymentsResponse = z.object({
  payments: z.array(paymentRowSchema),
  pagination: paginationSchema,
  totals: z.array(currencyTotalSchema),
});
export const paymentsCsvResponse = z.string().describe('text/csv: one header row, one row per ledger entry these filters select');

/**
 * The accountant's export (decision 0511): every ledger entry recorded in the range (admin zone days, both included;
 * both required) with its invoice or credit note.
 */
export const financeExportQuery = z.object({
  from: z.string({ error: PAYMENTS_MESSAGES.from }).regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENTS_MESSAGES.from),
  to: z.string({ error: PAYMENTS_MESSAGES.to }).regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENTS_MESSAGES.to),
});
export type FinanceExportQuery = z.infer<typeof financeExportQuery>;
export const financeCsvResponse = z
  .string()
  .describe('text/csv: one header row (Date, Amount, Payee, Description, Reference, … Net, VAT, Gross …), one row per ledger entry with its document');
