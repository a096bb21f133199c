import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { giftVoucherLedger, giftVouchers, giftVoucherSettings } from '../tables/gift-vouchers';
import { VOUCHER_VALIDITY, type VoucherLedgerKind } from '../../../../shared/commerce/gift-vouchers';

export type VoucherRow = typeof giftVouchers.$inferSelect;
export type VoucherLedgerRow = typeof giftVoucherLedger.$inferSelect;

export async function insertVoucher(db: DbOrTx, values: typeof giftVouchers.$inferInsert): Promise<VoucherRow> {
  const [row] = await db.insert(giftVouchers).values(values).returning();
  if (!row) throw new Error('gift voucher not stored');
  return row;
}

export async function voucherBy(
  db: DbOrTx,
  by: { id: number } | { token: string } | { code: string },
  opts: { lock?: boolean } = {},
): Promise<VoucherRow | undefined> {
  const where = 'id' in by ? eq(giftVouchers.id, by.id) : 'token' in by ? eq(giftVouchers.token, by.token) : eq(giftVouchers.code, by.code);
  const query = db.select().from(giftVouchers).where(where).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function voucherBySession(db: DbOrTx, provider: string, sessionId: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(giftVouchers)
    .where(sql`${giftVouchers.provider} = ${provider} and ${giftVouchers.providerSessionId} = ${sessionId}`)
    .limit(1);
  return row;
}

export async function setVoucherSession(db: DbOrTx, id: number, provider: string, sessionId: string): Promise<void> {
  await db.update(giftVouchers).set({ provider, providerSessionId: sessionId }).where(eq(giftVouchers.id, id));
}

export async function listVouchers(db: DbOrTx): Promise<VoucherRow[]> {
  return db.select().from(giftVouchers).orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id));
}

export async function addLedgerEntry(
  db: DbOrTx,
  entry: { voucherId: number; kind: VoucherLedgerKind; amount: number; at: Date; bookingId?: number | null; bookingPaymentId?: number | null },
): Promise<void> {
  await db.insert(giftVoucherLedger).values({ ...entry, bookingId: entry.bookingId ?? null, bookingPaymentId: entry.bookingPaymentId ?? null });
}

export async function ledgerOfVoucher(db: DbOrTx, voucherId: number): Promise<VoucherLedgerRow[]> {
  return db.select().from(giftVoucherLedger).where(eq(giftVoucherLedger.voucherId, voucherId)).orderBy(asc(giftVoucherLedger.id));
}

/** The redemption a booking ledger entry (a voucher payment) made, if it made one. */
export async function redemptionOfPayment(db: DbOrTx, bookingPaymentId: number): Promise<VoucherLedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(giftVoucherLedger)
    .where(sql`${giftVoucherLedger.bookingPaymentId} = ${bookingPaymentId} and ${giftVoucherLedger.kind} = 'redeemed'`)
    .limit(1);
  return row;
}

/** The install's validity in months; the default before staff set it. */
export async function loadValidityMonths(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(giftVoucherSettings).where(eq(giftVoucherSettings.id, 1)).limit(1);
  return row?.validityMonths ?? VOUCHER_VALIDITY.default;
}

export async function saveValidityMonths(db: DbOrTx, months: number): Promise<void> {
  await db
    .insert(giftVoucherSettings)
    .values({ id: 1, validityMonths: months })
    .onConflictDoUpdate({ target: giftVoucherSettings.id, set: { validityMonths: months, updatedAt: sql`now()` } });
}
