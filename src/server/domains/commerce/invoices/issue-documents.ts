import type { DbOrTx } from '../../../platform/db/client';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import { creditNoteLines, invoiceLines, linesTotal, type InvoicedBooking } from '../../../../shared/commerce/invoices';
import { invoices } from '../tables/invoices';
import type { Currency } from '../../../../shared/plans';
import { lockInvoiceSettings } from './invoice-settings';
import { numberDocument } from './invoice-numbers';
import { invoiceOfLedgerEntry, keptBuyerOf, loadInvoiceBuyer, type InvoiceRow, type IssuedInvoiceRow } from './invoices-repository';
import type { InvoiceDocument } from './invoice-pdf';

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

export const MAIL_PDF = 'application/pdf';

/**
 * Records the document of one ledger entry (decisions 0411, 0510): a payment's invoice, or the credit note of a refund
 * or void naming the corrected payment's invoice (none when that payment predates invoicing). Called by the booking
 * domain in the transaction that writes the entry, so the document exists exactly when the entry does. Its lines and
 * gross are frozen now; it is numbered from the year's counter in this same transaction (as its last step, when the
 * caller defers it) when the seller's details are known, else it waits, with no number, until staff save them. Nothing slow happens here: the PDF is rendered and mailed
 * (`mail`: the booker is to get it) by a job after the commit (invoice-render-job.ts).
 */
export async function issueLedgerDocument(
  tx: DbOrTx,
  input: {
    booking: LedgerBookingFacts;
    entry: LedgerEntryFacts;
    earlier: readonly EarlierEntry[];
    now: Date;
    mail: boolean;
    /**
     * Where the numbering goes when the caller has more to do in its transaction (the booking write's last step): the
     * year's counter row is locked from the number until the commit, so the later it is taken, the less every other
     * document waits. Without it the document is numbered at once.
     */
    defer?: (step: () => Promise<void>) => void;
  },
): Promise<void> {
  const { booking, entry, now } = input;
  let corrected: InvoiceRow | undefined;
  if (entry.amount <= 0) return;
  if (entry.kind !== 'payment') {
    corrected = entry.correctsPaymentId === null ? undefined : await invoiceOfLedgerEntry(tx, entry.correctsPaymentId);
    if (!corrected) return;
  }
  const lines = corrected
    ? creditNoteLines(entry.amount, entry.kind === 'void' ? `Payment voided${entry.reason ? `: ${entry.reason}` : ''}` : entry.reason)
    : invoiceLines(booking, entry.amount, earlierPayments(input.earlier));
  const gross = corrected ? -entry.amount : entry.amount;
  // The lines are the document's arithmetic: they must add up to the money that moved, or nothing is recorded.
  if (linesTotal(lines) !== gross) throw new Error(`invoice lines add up to ${linesTotal(lines)}, not ${gross}`);
  const [row] = await tx
    .insert(invoices)
    .values({
      status: 'waiting',
      kind: corrected ? 'credit_note' : 'invoice',
      bookingId: booking.id,
      ledgerEntryId: entry.id,
      creditsInvoiceId: corrected?.id ?? null,
      currency: booking.currency,
      gross,
      lines,
      recordedAt: now,
      mailDue: input.mail,
    })
    .returning({ id: invoices.id, gross: invoices.gross });
  if (!row) throw new Error('invoice not written');
  const issue = async () => {
    // Under the settings' share lock: a save of the details under way finishes first, so this document is either
    // numbered here or was committed in time for that save to number it (it cannot see this one before the commit).
    const settings = await lockInvoiceSettings(tx);
    if (settings.ready) await numberDocument(tx, row, settings, now);
  };
  if (input.defer) input.defer(issue);
  else await issue();
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

/** An issued document with the booking's buyer as they are now: what the PDF shows. */
export async function documentOf(
  db: DbOrTx,
  row: IssuedInvoiceRow,
  booking: { id: number; fullName: string | null; email: string; tempCode: string; language?: Language },
  creditsNumber: string | null,
): Promise<InvoiceDocument> {
  const buyer = await loadInvoiceBuyer(db, booking.id);
  // An erased booker's invoices keep the buyer as issued (decision 0570).
  const kept = await keptBuyerOf(db, booking.id);
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
    buyer: { companyName: buyer.company_name, address: buyer.address, name: kept ? kept.name : booking.fullName, email: kept?.email ?? booking.email },
    bookingReference: booking.tempCode,
    creditsNumber,
    language: booking.language ?? DEFAULT_LANGUAGE,
  };
}
