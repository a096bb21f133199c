import type { DbOrTx } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import { findBookingFacts, type BookingFacts } from '../../booking';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import { INVOICE_MESSAGES, type InvoiceBuyer } from '../../../../shared/commerce/invoices';
import type { InvoiceSummary, UnmailedDocument, WaitingDocument } from '../../../../shared/api/invoices';
import { invoiceById, invoiceOfBooking, invoicesOfBooking, issuedOf, loadInvoiceBuyer, saveInvoiceBuyer, type InvoiceRow } from './invoices-repository';
import { documentOf } from './issue-documents';
import { pdfFilename, renderInvoicePdf } from './invoice-pdf';

// The booker's booking by code and management key is the booking domain's rule (booker-booking.ts).
export { bookerBooking } from '../../booking';

export async function staffBooking(db: DbOrTx, id: number): Promise<BookingFacts> {
  const booking = await findBookingFacts(db, { id });
  if (!booking) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
  return booking;
}

/** The issued documents among `rows` as the lists show them (a waiting one has no number yet, so no PDF, 0510). */
export function summaries(rows: readonly InvoiceRow[], pdfUrl: (number: string) => string): InvoiceSummary[] {
  return rows
    .flatMap((row) => issuedOf(row) ?? [])
    .map((r) => ({
      number: r.number,
      kind: r.kind,
      issued_at: r.issuedAt.toISOString(),
      gross: r.gross,
      currency: r.currency,
      pdf_url: pdfUrl(r.number),
    }));
}

export const listInvoices = (db: DbOrTx, booking: BookingFacts) => invoicesOfBooking(db, booking.id);

/** The documents among `rows` that wait for the seller's details, and the message that says where to fill them (0510). */
export function waitingDocuments(rows: readonly InvoiceRow[]): { waiting: WaitingDocument[]; waiting_message: string | null } {
  const waiting = rows
    .filter((r) => r.status === 'waiting')
    .map((r) => ({ kind: r.kind, recorded_at: r.recordedAt.toISOString(), gross: r.gross, currency: r.currency }));
  return { waiting, waiting_message: waiting.length ? INVOICE_MESSAGES.waitingForSeller : null };
}

/** The issued documents among `rows` whose PDF failed to render (still due to be mailed), and what that means (0510). */
export function unmailedDocuments(rows: readonly InvoiceRow[]): { not_mailed: UnmailedDocument[]; not_mailed_message: string | null } {
  const notMailed = rows.flatMap((row) => {
    const issued = issuedOf(row);
    if (!issued || !row.mailDue || row.renderError === null) return [];
    return [
      {
        number: issued.number,
        kind: row.kind,
        error: row.renderError,
        attempts: row.renderAttempts,
        next_attempt_at: row.renderAfter?.toISOString() ?? null,
      },
    ];
  });
  return { not_mailed: notMailed, not_mailed_message: notMailed.length ? INVOICE_MESSAGES.notMailed : null };
}

/** One document of the booking as a PDF, with the buyer's details as they are now. */
export async function invoicePdf(db: DbOrTx, booking: BookingFacts, number: string): Promise<{ filename: string; pdf: Buffer }> {
  const row = await invoiceOfBooking(db, booking.id, number);
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const credits = row.creditsInvoiceId === null ? undefined : await invoiceById(db, row.creditsInvoiceId);
  const pdf = await renderInvoicePdf(await documentOf(db, row, booking, credits?.number ?? null));
  return { filename: pdfFilename(row.number), pdf };
}

export const buyerOf = (db: DbOrTx, booking: BookingFacts) => loadInvoiceBuyer(db, booking.id);

export async function saveBuyer(db: DbOrTx, booking: BookingFacts, buyer: InvoiceBuyer): Promise<InvoiceBuyer> {
  await saveInvoiceBuyer(db, booking.id, buyer);
  return loadInvoiceBuyer(db, booking.id);
}

/**
 * A booking's documents for the outside API (issue 39, finance:read): the staff's list, each PDF link the staff's
 * route (an API key opens no PDF; a client that needs one asks staff). 404 for an unknown booking.
 */
export async function bookingDocumentsForOutside(db: DbOrTx, bookingId: number, pdfUrl: (bookingId: number, number: string) => string) {
  const booking = await staffBooking(db, bookingId);
  const rows = await listInvoices(db, booking);
  return { invoices: summaries(rows, (number) => pdfUrl(booking.id, number)), ...waitingDocuments(rows) };
}
