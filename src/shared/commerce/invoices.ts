import { z } from 'zod';
import { ADD_ONS, PLANS } from '../plans';

/**
 * Invoices and credit notes (issue 32, decision 0410). Prices are VAT-inclusive: a document's gross is what was paid
 * (or given back), and its VAT is worked out of that gross with the one rounding rule below. Amounts in pence.
 */

/** The install's VAT rate is kept in basis points (20 % → 2000), so the rule below is integer arithmetic. */
export const MAX_VAT_RATE_BP = 10_000;

export function vatRateBp(percent: number): number {
  return Math.round(percent * 100);
}

export function vatRatePercent(bp: number): number {
  return bp / 100;
}

export type VatSplit = { net: number; vat: number; gross: number };

/**
 * The VAT inside a VAT-inclusive gross: gross × rate / (100 % + rate), rounded half away from zero to the penny, and
 * net = gross − VAT, so net + VAT is always the gross paid. A negative gross (a credit note) is split like its positive
 * mirror, so a full refund's credit note cancels its invoice to the penny.
 */
export function splitVat(gross: number, rateBp: number): VatSplit {
  if (!Number.isInteger(gross)) throw new Error(`gross must be whole pence, got ${gross}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_VAT_RATE_BP) throw new Error(`VAT rate out of range: ${rateBp}`);
  const sign = gross < 0 ? -1 : 1;
  const abs = Math.abs(gross);
  const divisor = 10_000 + rateBp;
  // Half away from zero in integers: floor((2·a·r + d) / 2d) = round(a·r / d) with .5 going up.
  const vatAbs = Math.floor((2 * abs * rateBp + divisor) / (2 * divisor));
  const vat = sign * vatAbs;
  return { net: gross - vat, vat: vat === 0 ? 0 : vat, gross };
}

export const INVOICE_PREFIX = 'HATCH';

/** `HATCH-2026-0001`: the year's series, at least four digits (a 10 000th invoice is `HATCH-2026-10000`). */
export function invoiceNumber(year: number, sequence: number): string {
  return `${INVOICE_PREFIX}-${year}-${String(sequence).padStart(4, '0')}`;
}

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** One line of a document: a quantity of a unit price (pence), and their amount (negative for what is taken off). */
export type InvoiceLine = { description: string; quantity: number; unit_amount: number; amount: number };

/** What an invoice reads of its booking: the booking's own stored figures, in minor units as the booking keeps them. */
export type InvoicedBooking = {
  planType: string;
  players: number;
  addOns: readonly string[];
  pricePerPersonMinor: number;
  addOnsTotalMinor: number;
  /** What the booking's promo code took off (0 without one). */
  discountTotalMinor: number;
  totalPriceMinor: number;
  discountCode: string | null;
};

/** What a document's lines add up to (minor units). */
export const linesTotal = (lines: readonly InvoiceLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

/** What was paid before this payment, by kind: gift vouchers get a line of their own. */
export type EarlierPayments = { voucher: number; other: number };

const planName = (type: string) => PLANS.find((p) => p.type === type)?.name ?? type;
const addOnName = (type: string) => ADD_ONS.find((a) => a.type === type)?.name ?? type;

/**
 * The lines of a payment's invoice: the booking's stored prices (the one price rule of shared/prices.ts made them, in
 * minor units, so plan × players + add-ons − discount is the total exactly: no adjustment line, decision 0500), then
 * what earlier payments covered (a gift voucher's on its own line) and what is left to pay later, so the lines add up
 * to this payment: the invoice's gross. A price agreed after the booking was priced (an accepted quote's own lines,
 * a concession refund that lowered the price) is kept by the booking as part of its total only: it is shown as one
 * line for what it is, "Price agreed after booking", never as a rounding adjustment.
 */
export function invoiceLines(booking: InvoicedBooking, payment: number, earlier: EarlierPayments): InvoiceLine[] {
  const unit = booking.pricePerPersonMinor;
  const lines: InvoiceLine[] = [
    { description: `${planName(booking.planType)} game, per player`, quantity: booking.players, unit_amount: unit, amount: unit * booking.players },
  ];
  const addOnsTotal = booking.addOns.length ? booking.addOnsTotalMinor : 0;
  if (addOnsTotal) {
    lines.push({ description: `Add-ons: ${booking.addOns.map(addOnName).join(', ')}`, quantity: 1, unit_amount: addOnsTotal, amount: addOnsTotal });
  }
  if (booking.discountTotalMinor) {
    const amount = -booking.discountTotalMinor;
    const code = booking.discountCode ? ` (${booking.discountCode})` : '';
    lines.push({ description: `Discount${code}`, quantity: 1, unit_amount: amount, amount });
  }
  const total = booking.totalPriceMinor;
  const agreed = total - linesTotal(lines);
  if (agreed) lines.push({ description: 'Price agreed after booking', quantity: 1, unit_amount: agreed, amount: agreed });
  const take = (description: string, amount: number) => {
    if (amount !== 0) lines.push({ description, quantity: 1, unit_amount: -amount, amount: -amount });
  };
  take('Paid by gift voucher', earlier.voucher);
  take('Paid earlier', earlier.other);
  take('To pay later', total - earlier.voucher - earlier.other - payment);
  return lines;
}

/**
 * A credit note's one line: what was given back, and why. The invoice it corrects is named in the document's header
 * ("Credit for invoice"), not in the line, because a credit note written while its invoice still waits for the seller's
 * details (decision 0510) has its lines frozen before that invoice has a number.
 */
export function creditNoteLines(refund: number, reason: string | null): InvoiceLine[] {
  const why = reason?.trim() ? `: ${reason.trim()}` : '';
  return [{ description: `Refund${why}`, quantity: 1, unit_amount: -refund, amount: -refund }];
}

export const INVOICE_MESSAGES = {
  settingsSaved: 'Invoice settings saved',
  detailsSaved: 'Invoice details saved',
  notFound: 'Invoice not found',
  vatRate: 'The VAT rate must be between 0 and 100 %.',
  vatRateDecimals: 'Please give the VAT rate to at most two decimals.',
  sellerNameRequired: "Invoices need the seller's name.",
  sellerAddressRequired: "Invoices need the seller's address.",
  /** Why a payment's invoice has no number yet, and where staff fix it (decision 0510). */
  waitingForSeller:
    "Invoices wait for the seller's details: fill in the seller's name and address under Settings → Invoices. Payments are recorded meanwhile; their invoices are issued in order once the details are saved.",
  /** Why an issued document has not been mailed: its PDF failed to render (decision 0510); the job retries by itself. */
  notMailed:
    'The PDF of these documents could not be made, so the booker has not been mailed them yet. The payments stand and the numbers are kept; the PDF is tried again by itself, or now with Retry.',
  retryQueued: 'The PDF will be made again in a few seconds.',
} as const;

/** The seller's details and the install's VAT rate (percent, VAT-inclusive prices; 0 allowed), as stored and shown. */
export const invoiceSettingsShape = z.object({
  seller_name: z.string().trim().max(200),
  seller_address: z.string().trim().max(1000),
  vat_number: z.string().trim().max(50),
  vat_rate: z.number().min(0, INVOICE_MESSAGES.vatRate).max(100, INVOICE_MESSAGES.vatRate).multipleOf(0.01, INVOICE_MESSAGES.vatRateDecimals),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsShape>;

/** What staff save: the seller's name and address are required, since no invoice is issued without them (0510). */
export const invoiceSettingsSchema = invoiceSettingsShape.extend({
  seller_name: z.string().trim().min(1, INVOICE_MESSAGES.sellerNameRequired).max(200),
  seller_address: z.string().trim().min(1, INVOICE_MESSAGES.sellerAddressRequired).max(1000),
});

/** Whether invoices can be issued: the seller's name and address are known (decision 0510). */
export const sellerDetailsComplete = (s: Pick<InvoiceSettings, 'seller_name' | 'seller_address'>) =>
  s.seller_name.trim() !== '' && s.seller_address.trim() !== '';

/** The buyer's company and address the booker adds before download; both may be blank (a private buyer). */
export const invoiceBuyerSchema = z.object({
  company_name: z.string().trim().max(200),
  address: z.string().trim().max(1000),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;
