import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { recordEvent } from '../../../platform/event-outbox';
import { bookingSubject } from '../../../../shared/integrations/events';
import { minorToUnits } from '../../../../shared/money';
import { invoiceCounters, invoices } from '../tables/invoices';
import { invoiceNumber, splitVat, type InvoiceSettings } from '../../../../shared/commerce/invoices';
import { lockInvoiceSettings, writeInvoiceSettings, type LoadedInvoiceSettings } from './invoice-settings';

/**
 * The next number of a year's series, in the caller's transaction (decision 0410). One upsert raises the year's
 * counter row and takes its lock until the transaction ends: a concurrent document waits for this one to commit or
 * roll back, so numbers are handed out in commit order, never twice, and a rolled-back document leaves no gap.
 */
export async function nextInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error(`no invoice number for ${year}`);
  return row.lastNumber;
}

/**
 * Issues one waiting document (decision 0510): its number from the year of `now`, its net/VAT split at the install's
 * rate and the seller's details, frozen on it. The caller holds the settings' lock (lockInvoiceSettings) and has
 * checked they are ready. Answers the number.
 */
export async function numberDocument(tx: DbOrTx, document: { id: number; gross: number }, settings: LoadedInvoiceSettings, now: Date): Promise<string> {
  if (!settings.ready) throw new Error('invoice settings are not ready: the seller has no name or address');
  const year = now.getUTCFullYear();
  const sequence = await nextInvoiceSequence(tx, year);
  const number = invoiceNumber(year, sequence);
  const split = splitVat(document.gross, settings.vatRateBp);
  const [issued] = await tx
    .update(invoices)
    .set({
      status: 'issued',
      number,
      year,
      sequence,
      net: split.net,
      vat: split.vat,
      vatRateBp: settings.vatRateBp,
      seller: { name: settings.seller_name, address: settings.seller_address, vat_number: settings.vat_number },
      issuedAt: now,
    })
    .where(and(eq(invoices.id, document.id), eq(invoices.status, 'waiting')))
    .returning({ bookingId: invoices.bookingId, kind: invoices.kind, currency: invoices.currency });
  // Outside systems hear of it after the commit (decision 0560), in the booking's order.
  if (issued)
    await recordEvent(tx, {
      type: 'invoice.issued',
      subject: bookingSubject(issued.bookingId),
      data: {
        version: 1,
        booking_id: issued.bookingId,
        invoice: { number, kind: issued.kind, issued_at: now.toISOString(), currency: issued.currency, gross: minorToUnits(document.gross) },
      },
    });
  return number;
}

/** How many documents wait for the seller's details. */
export async function countWaitingDocuments(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices).where(eq(invoices.status, 'waiting'));
  return row?.n ?? 0;
}

/**
 * Saves the invoice settings and, when they make invoices possible, issues every waiting document in the order its
 * payment or refund was recorded, in this one transaction (decision 0510): the settings row's lock keeps payments that
 * are being recorded out until it commits, so none is left waiting behind the save. Answers how many were issued.
 */
export async function saveInvoiceSettings(db: DbOrTx, settings: InvoiceSettings, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await writeInvoiceSettings(tx, settings);
    const saved = await lockInvoiceSettings(tx);
    if (!saved.ready) return 0;
    const waiting = await tx
      .select({ id: invoices.id, gross: invoices.gross })
      .from(invoices)
      .where(eq(invoices.status, 'waiting'))
      .orderBy(asc(invoices.id))
      .for('update');
    for (const document of waiting) await numberDocument(tx, document, saved, now);
    return waiting.length;
  });
}
