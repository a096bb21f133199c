import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { listedBooking } from '../../booking';
import { freeVoucherMoney, ledgerEntry, ledgerEntryFields, moneyTotalsColumns, voucherOfEntry } from '../ledger/ledger-reads';
import { staffMember } from '../../identity/records';
import { voucherPaymentSource } from '../vouchers/voucher-payment-sources';
import type { PaymentListKind } from '../../../../shared/api/admin-payments';

/** Staff members as the identity domain lets others read them (decision 0545). */
const recorder = staffMember('payment_recorder');

export type PaymentFilter = { from?: Date | undefined; to?: Date | undefined; paymentType?: string | undefined; kind: PaymentListKind };

/** The filters as one condition: entries recorded in [from, to), of a type and a kind. */
export function paymentCondition(f: PaymentFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.from) parts.push(gte(ledgerEntry.createdAt, f.from));
  if (f.to) parts.push(lt(ledgerEntry.createdAt, f.to));
  if (f.paymentType) parts.push(eq(ledgerEntry.paymentType, f.paymentType));
  if (f.kind !== 'all') parts.push(eq(ledgerEntry.kind, f.kind));
  return parts.length ? and(...parts) : undefined;
}

const rowColumns = {
  payment: ledgerEntryFields,
  booking: { id: listedBooking.id, fullName: listedBooking.fullName, email: listedBooking.email, tempCode: listedBooking.tempCode },
  recordedByName: recorder.name,
  freeVoucher: sql<boolean>`coalesce(${freeVoucherMoney}, false)`.mapWith(Boolean),
};

function rows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(ledgerEntry)
    .innerJoin(listedBooking, eq(listedBooking.id, ledgerEntry.bookingId))
    .leftJoin(recorder, eq(recorder.id, ledgerEntry.recordedBy))
    .leftJoin(voucherPaymentSource, voucherOfEntry)
    .where(where);
}
export type PaymentListRow = Awaited<ReturnType<typeof rows>>[number];

export async function listPayments(db: DbOrTx, where: SQL | undefined, page: { page: number; perPage: number }) {
  return rows(db, where)
    .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
}

/**
 * Per currency: the money received, the money taken back, their sum, the free voucher money apart (net of its refunds),
 * and how many entries; bigint sums read as numbers.
 */
export async function paymentTotals(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      ...moneyTotalsColumns,
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntry)
    .leftJoin(voucherPaymentSource, voucherOfEntry)
    .where(where)
    .groupBy(ledgerEntry.currency)
    .orderBy(asc(ledgerEntry.currency));
}

/** One page of the export, oldest first after `afterId` (keyset: stable however many rows are added meanwhile). */
export async function exportPage(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return rows(db, and(where, sql`${ledgerEntry.id} > ${afterId}`))
    .orderBy(asc(ledgerEntry.id))
    .limit(size);
}
