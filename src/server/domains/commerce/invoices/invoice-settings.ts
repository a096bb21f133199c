import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { invoiceSettings } from '../tables/invoices';
import { sellerDetailsComplete, vatRateBp, vatRatePercent, type InvoiceSettings } from '../../../../shared/commerce/invoices';

export type LoadedInvoiceSettings = InvoiceSettings & { vatRateBp: number; ready: boolean };

function settingsOf(row: typeof invoiceSettings.$inferSelect | undefined): LoadedInvoiceSettings {
  const bp = row?.vatRateBp ?? 0;
  const settings = {
    seller_name: row?.sellerName ?? '',
    seller_address: row?.sellerAddress ?? '',
    vat_number: row?.vatNumber ?? '',
    vat_rate: vatRatePercent(bp),
  };
  return { ...settings, vatRateBp: bp, ready: sellerDetailsComplete(settings) };
}

/** The install's invoice settings; before staff set them: blank details, 0 % VAT, not ready to issue (0510). */
export async function loadInvoiceSettings(db: DbOrTx): Promise<LoadedInvoiceSettings> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)).limit(1);
  return settingsOf(row);
}

/**
 * The settings a document is issued with, read under a share lock on their row until the caller's transaction ends
 * (decision 0510). Saving the settings updates that row, so a save and a payment never interleave: the payment either
 * sees the new details (and numbers its document itself) or commits first (and the save numbers its waiting document).
 * The row is made on first use, so there is always one to lock.
 */
export async function lockInvoiceSettings(tx: DbOrTx): Promise<LoadedInvoiceSettings> {
  await tx.insert(invoiceSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)).for('share');
  return settingsOf(row);
}

/** Writes the settings (the row stays locked until the caller's transaction ends, which the issuing of waiting documents relies on). */
export async function writeInvoiceSettings(tx: DbOrTx, settings: InvoiceSettings): Promise<void> {
  const values = {
    sellerName: settings.seller_name,
    sellerAddress: settings.seller_address,
    vatNumber: settings.vat_number,
    vatRateBp: vatRateBp(settings.vat_rate),
  };
  await tx
    .insert(invoiceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...values, updatedAt: sql`now()` } });
}
