import { z } from 'zod';
import { idSchema } from './common';
import { INVOICE_KINDS, invoiceBuyerSchema, invoiceSettingsSchema, invoiceSettingsShape } from '../commerce/invoices';

export { invoiceBuyerSchema, invoiceSettingsSchema };

/** One invoice or credit note as a list shows it; `gross` in pence (a credit note's negative), `pdf_url` its PDF. */
export const invoiceSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  issued_at: z.string(),
  gross: z.number().int(),
  currency: z.string(),
  pdf_url: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListResponse = z.object({ invoices: z.array(invoiceSummarySchema) });
export const invoiceBuyerResponse = z.object({ buyer: invoiceBuyerSchema });
/**
 * The install's invoice settings as saved (blank before staff fill them in), whether invoices can be issued with them
 * (`ready`: the seller's name and address are known), and how many payments' and refunds' documents wait for them.
 */
export const invoiceSettingsResponse = z.object({ settings: invoiceSettingsShape, ready: z.boolean(), waiting: z.number().int() });

/** A document recorded with its payment or refund that waits for the seller's details, so has no number yet (0510). */
export const waitingDocumentSchema = z.object({ kind: z.enum(INVOICE_KINDS), recorded_at: z.string(), gross: z.number().int(), currency: z.string() });
export type WaitingDocument = z.infer<typeof waitingDocumentSchema>;

/** An issued document whose PDF failed to render, so it is not mailed yet (0510): the renderer's error and the next try. */
export const unmailedDocumentSchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  error: z.string(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
});
export type UnmailedDocument = z.infer<typeof unmailedDocumentSchema>;

/** A booking's documents: the issued ones, those waiting, and why they wait (null when none does). */
export const adminInvoiceListResponse = invoiceListResponse.extend({ waiting: z.array(waitingDocumentSchema), waiting_message: z.string().nullable() });

/** Staff's list adds the documents whose PDF failed to render, with what that means (null when none did; 0510). */
export const staffInvoiceListResponse = adminInvoiceListResponse.extend({
  not_mailed: z.array(unmailedDocumentSchema),
  not_mailed_message: z.string().nullable(),
});

/** An invoice's number in a path: `HATCH-2026-0001`, with or without `.pdf`. */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .max(40)
  .transform((s) => s.replace(/\.pdf$/i, ''));

export const bookerInvoiceParams = z.object({ code: z.string().trim().min(1).max(64), number: invoiceNumberSchema });
export const adminInvoiceParams = z.object({ id: idSchema, number: invoiceNumberSchema });

export const invoicePdfResponse = z.string().describe('application/pdf: the invoice or credit note');
