import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { invoiceBuyers, invoices } from '../tables/invoices';
import type { InvoiceBuyer } from '../../../../shared/commerce/invoices';

export type InvoiceRow = typeof invoices.$inferSelect;

/** A document once issued: numbered, split and with its seller (decision 0510; the table's check guarantees it). */
export type IssuedInvoiceRow = InvoiceRow & {
  status: 'issued';
  number: string;
  year: number;
  sequence: number;
  net: number;
  vat: number;
  vatRateBp: number;
  seller: NonNullable<InvoiceRow['seller']>;
  issuedAt: Date;
};

/** The row as an issued document, or undefined while it waits for the seller's details. */
export function issuedOf(row: InvoiceRow): IssuedInvoiceRow | undefined {
  const { number, year, sequence, net, vat, vatRateBp, seller, issuedAt } = row;
  if (row.status !== 'issued' || number === null || year === null || sequence === null || net === null || vat === null) return undefined;
  if (vatRateBp === null || seller === null || issuedAt === null) return undefined;
  return { ...row, status: 'issued', number, year, sequence, net, vat, vatRateBp, seller, issuedAt };
}

/** A booking's documents in the order they were recorded, issued and waiting alike. */
export async function invoicesOfBooking(db: DbOrTx, bookingId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.id));
}

/** One issued document of a booking by its number; undefined when the booking has none of that number. */
export async function invoiceOfBooking(db: DbOrTx, bookingId: number, number: string): Promise<IssuedInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.number, number)))
    .limit(1);
  return row && issuedOf(row);
}

/**
 * Makes a document whose PDF failed to render due at once (decision 0510): the render job takes it at its next run
 * instead of after its backoff. Only a document still to be mailed whose last render failed; false otherwise.
 */
export async function retryRenderNow(db: DbOrTx, bookingId: number, number: string): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ renderAfter: null })
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.number, number), eq(invoices.mailDue, true), isNotNull(invoices.renderError)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** The invoice of a ledger entry (a payment), if one was issued. */
export async function invoiceOfLedgerEntry(db: DbOrTx, ledgerEntryId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.ledgerEntryId, ledgerEntryId)).limit(1);
  return row;
}

export async function invoiceById(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

export async function loadInvoiceBuyer(db: DbOrTx, bookingId: number): Promise<InvoiceBuyer> {
  const [row] = await db.select().from(invoiceBuyers).where(eq(invoiceBuyers.bookingId, bookingId)).limit(1);
  return { company_name: row?.companyName ?? '', address: row?.address ?? '' };
}

/** The buyer's name and email kept for the invoices when the person was erased (decision 0570), if they were. */
export async function keptBuyerOf(db: DbOrTx, bookingId: number): Promise<{ name: string | null; email: string } | undefined> {
  const [row] = await db
    .select({ name: invoiceBuyers.keptName, email: invoiceBuyers.keptEmail })
    .from(invoiceBuyers)
    .where(eq(invoiceBuyers.bookingId, bookingId))
    .limit(1);
  return row?.email ? { name: row.name, email: row.email } : undefined;
}

/** Keeps the buyer's name and email for the invoices of these bookings, before an erasure replaces the booking's. */
export async function keepBuyer(db: DbOrTx, bookingId: number, buyer: { name: string | null; email: string }): Promise<void> {
  await db
    .insert(invoiceBuyers)
    .values({ bookingId, keptName: buyer.name, keptEmail: buyer.email })
    .onConflictDoUpdate({ target: invoiceBuyers.bookingId, set: { keptName: buyer.name, keptEmail: buyer.email, updatedAt: sql`now()` } });
}

export async function saveInvoiceBuyer(db: DbOrTx, bookingId: number, buyer: InvoiceBuyer): Promise<void> {
  const values = { companyName: buyer.company_name, address: buyer.address };
  await db
    .insert(invoiceBuyers)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: invoiceBuyers.bookingId, set: { ...values, updatedAt: sql`now()` } });
}

/** A ledger entry's document as the accountant's export shows it (decision 0511): waiting ones have no number yet. */
export type EntryDocument = {
  kind: InvoiceRow['kind'];
  number: string | null;
  issuedAt: Date | null;
  net: number | null;
  vat: number | null;
  gross: number;
  vatRateBp: number | null;
  buyerCompany: string | null;
};

/** The documents of these ledger entries, by entry id, with the booking's buyer's company (one statement). */
export async function documentsOfEntries(db: DbOrTx, entryIds: readonly number[]): Promise<Map<number, EntryDocument>> {
  if (!entryIds.length) return new Map();
  const rows = await db
    .select({
      entryId: invoices.ledgerEntryId,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      net: invoices.net,
      vat: invoices.vat,
      gross: invoices.gross,
      vatRateBp: invoices.vatRateBp,
      buyerCompany: invoiceBuyers.companyName,
    })
    .from(invoices)
    .leftJoin(invoiceBuyers, eq(invoiceBuyers.bookingId, invoices.bookingId))
    .where(inArray(invoices.ledgerEntryId, [...entryIds]));
  return new Map(rows.map(({ entryId, ...doc }) => [entryId, doc]));
}
