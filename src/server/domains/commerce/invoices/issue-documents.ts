import type { DbOrTx } from '../../../platform/db/client';
import type { MailAttachment } from '../../../platform/mail';
import { creditNoteLines, invoiceLines, invoiceNumber, linesTotal, splitVat, type InvoicedBooking } from '../../../../shared/commerce/invoices';
import { invoices } from '../tables/invoices';
import type { Currency } from '../../../../shared/plans';
import { loadInvoiceSettings } from './invoice-settings';
import { nextInvoiceSequence } from './invoice-numbers';
import { invoiceOfLedgerEntry, loadInvoiceBuyer, type InvoiceRow } from './invoices-repository';
import { pdfFilename, renderInvoicePdf } from './invoice-pdf';

/** A ledger entry as the booking domain hands it over, in the transaction that writes it (amounts in pence). */
export type LedgerEntryFacts = {
  id: number;
  kind: 'payment' | 'refund' | 'void';
  /** What moved: positive for a payment and for what a refund or void gives back. */
  amount: number;
  paymentType: string;
  correctsPaymentId: number | null;
  reason: string | null;
};

/** The booking's own facts an invoice shows (its stored figures, in currency units as the booking keeps them). */
export type LedgerBookingFacts = InvoicedBooking & {
  id: number;
  currency: Currency;
  fullName: string | null;
  email: string;
  tempCode: string;
};

/** The booking's earlier ledger entries (this one excluded): what was paid before, a gift voucher's apart. */
export type EarlierEntry = { paymentType: string; paymentAmount: number };

/** The document's number, and its PDF for the receipt mail when one was asked for. */
export type IssuedDocument = { number: string; attachment: MailAttachment | null };

export const MAIL_PDF = 'application/pdf';

/**
 * Issues the document of one ledger entry (decision 0411): a payment's invoice, or the credit note of a refund or void
 * naming the corrected payment's invoice (none when that payment predates invoicing). Called by the booking domain in
 * the transaction that writes the entry, so the document exists exactly when the entry does; its number comes from the
 * year's counter in that same transaction. Answers the PDF for the receipt mail.
 */
export async function issueLedgerDocument(
  tx: DbOrTx,
  input: { booking: LedgerBookingFacts; entry: LedgerEntryFacts; earlier: readonly EarlierEntry[]; now: Date; withPdf: boolean },
): Promise<IssuedDocument | null> {
  const { booking, entry, now } = input;
  let corrected: InvoiceRow | undefined;
  if (entry.amount <= 0) return null;
  if (entry.kind !== 'payment') {
    corrected = entry.correctsPaymentId === null ? undefined : await invoiceOfLedgerEntry(tx, entry.correctsPaymentId);
    if (!corrected) return null;
  }
  const lines = corrected
    ? creditNoteLines(entry.amount, corrected.number, entry.kind === 'void' ? `Payment voided${entry.reason ? `: ${entry.reason}` : ''}` : entry.reason)
    : invoiceLines(booking, entry.amount, earlierPayments(input.earlier));
  const gross = corrected ? -entry.amount : entry.amount;
  // The lines are the document's arithmetic: they must add up to the money that moved, or nothing is issued.
  if (linesTotal(lines) !== gross) throw new Error(`invoice lines add up to ${linesTotal(lines)}, not ${gross}`);
  const settings = await loadInvoiceSettings(tx);
  const year = now.getUTCFullYear();
  const sequence = await nextInvoiceSequence(tx, year);
  const number = invoiceNumber(year, sequence);
  const split = splitVat(gross, settings.vatRateBp);
  const seller = { name: settings.seller_name, address: settings.seller_address, vat_number: settings.vat_number };
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      year,
      sequence,
      kind: corrected ? 'credit_note' : 'invoice',
      bookingId: booking.id,
      ledgerEntryId: entry.id,
      creditsInvoiceId: corrected?.id ?? null,
      currency: booking.currency,
      ...split,
      vatRateBp: settings.vatRateBp,
      lines,
      seller,
      issuedAt: now,
    })
    .returning();
  if (!row) throw new Error('invoice not written');
  // Only a receipt needs the PDF now (a payment without a mail, e.g. the demo seed's, skips the render).
  if (!input.withPdf) return { number, attachment: null };
  const pdf = await renderInvoicePdf(await documentOf(tx, row, booking, corrected?.number ?? null));
  return { number, attachment: { filename: pdfFilename(number), content_type: MAIL_PDF, content_base64: pdf.toString('base64') } };
}

function earlierPayments(entries: readonly EarlierEntry[]) {
  let voucher = 0;
  let other = 0;
  for (const e of entries) {
    if (e.paymentType === 'voucher') voucher += e.paymentAmount;
    else other += e.paymentAmount;
  }
  return { voucher, other };
}

/** A stored document with the booking's buyer as they are now: what the PDF shows. */
export async function documentOf(
  db: DbOrTx,
  row: InvoiceRow,
  booking: { id: number; fullName: string | null; email: string; tempCode: string },
  creditsNumber: string | null,
) {
  const buyer = await loadInvoiceBuyer(db, booking.id);
  return {
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    currency: row.currency,
    lines: row.lines,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
    vatRateBp: row.vatRateBp,
    seller: row.seller,
    buyer: { companyName: buyer.company_name, address: buyer.address, name: booking.fullName, email: booking.email },
    bookingReference: booking.tempCode,
    creditsNumber,
  };
}
