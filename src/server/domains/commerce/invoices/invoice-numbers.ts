import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { invoiceCounters } from '../tables/invoices';

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
