import type { Db, DbOrTx } from '../../../platform/db/client';
import { ForbiddenError, NotFoundError } from '../../../platform/errors';
import { isRefusal, type CodeGuesses } from '../../../platform/code-guesses';
import { findBookingFacts, type BookingFacts } from '../../booking';
import { bookingGamesOf } from '../../game/records';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import { INVOICE_MESSAGES, type InvoiceBuyer } from '../../../../shared/commerce/invoices';
import type { InvoiceSummary, UnmailedDocument, WaitingDocument } from '../../../../shared/api/invoices';
import { invoiceById, invoiceOfBooking, invoicesOfBooking, issuedOf, loadInvoiceBuyer, saveInvoiceBuyer, type InvoiceRow } from './invoices-repository';
import { documentOf } from './issue-documents';
import { pdfFilename, renderInvoicePdf } from './invoice-pdf';
import { assertOrganiser } from '../../booking';

type BookerCtx = { db: Db; guesses: CodeGuesses; code: string; manageKey: string | null; ip: string };

/**
 * The booking of a booker's call: its management key (X-Manage-Key) names it and the code in the path (temporary or
 * game code) must be its own. No key or a wrong one → 403 pointing to the link; a code not the key's booking → 404.
 * A wrong key or code counts as a guess (platform/code-guesses.ts), like every other look-up by code.
 */
export async function bookerBooking({ db, guesses, code, manageKey, ip }: BookerCtx): Promise<BookingFacts> {
  return guesses.guard(
    ip,
    async () => {
      const booking = manageKey ? await findBookingFacts(db, { manageKey }) : null;
      if (!booking) throw new ForbiddenError(PUBLIC_BOOKING_MESSAGES.manageKeyRequired);
      assertOrganiser(booking, manageKey);
      if (booking.tempCode === code) return booking;
      const game = (await bookingGamesOf(db, [booking.id])).get(booking.id);
      if (game?.code !== code) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
      return booking;
    },
    isRefusal,
  );
}

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
