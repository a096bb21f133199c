import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { invoiceSettings } from '../tables/invoices';
import { vatRateBp, vatRatePercent, type InvoiceSettings } from '../../../../shared/commerce/invoices';

/** The install's invoice settings; before staff set them: blank details and 0 % VAT. */
export async function loadInvoiceSettings(db: DbOrTx): Promise<InvoiceSettings & { vatRateBp: number }> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)).limit(1);
  const bp = row?.vatRateBp ?? 0;
  return {
    seller_name: row?.sellerName ?? '',
    seller_address: row?.sellerAddress ?? '',
    vat_number: row?.vatNumber ?? '',
    vat_rate: vatRatePercent(bp),
    vatRateBp: bp,
  };
}

export async function saveInvoiceSettings(db: DbOrTx, settings: InvoiceSettings): Promise<void> {
  const values = {
    sellerName: settings.seller_name,
    sellerAddress: settings.seller_address,
    vatNumber: settings.vat_number,
    vatRateBp: vatRateBp(settings.vat_rate),
  };
  await db
    .insert(invoiceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...values, updatedAt: sql`now()` } });
}
