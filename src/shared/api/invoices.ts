import { z } from 'zod';
import { idSchema } from './common';
import { INVOICE_KINDS, invoiceBuyerSchema, invoiceSettingsSchema } from '../commerce/invoices';

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
export const invoiceSettingsResponse = z.object({ settings: invoiceSettingsSchema });

/** An invoice's number in a path: `HATCH-2026-0001`, with or without `.pdf`. */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .max(40)
  .transform((s) => s.replace(/\.pdf$/i, ''));

export const bookerInvoiceParams = z.object({ code: z.string().trim().min(1).max(64), number: invoiceNumberSchema });
export const adminInvoiceParams = z.object({ id: idSchema, number: invoiceNumberSchema });

export const invoicePdfResponse = z.string().describe('application/pdf: the invoice or credit note');
