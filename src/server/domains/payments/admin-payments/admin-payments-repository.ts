import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { ledgerEntry, ledgerEntryFields, listedBooking } from '../../booking';
import { users } from '../../identity/tables/users';
import type { PaymentListKind } from '../../../../shared/api/admin-payments';

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
  recordedByName: users.name,
};

function rows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(ledgerEntry)
    .innerJoin(listedBooking, eq(listedBooking.id, ledgerEntry.bookingId))
    .leftJoin(users, eq(users.id, ledgerEntry.recordedBy))
    .where(where);
}
export type PaymentListRow = Awaited<ReturnType<typeof rows>>[number];

export async function listPayments(db: DbOrTx, where: SQL | undefined, page: { page: number; perPage: number }) {
  return rows(db, where)
    .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
}

/** Per currency: what was received, what was taken back, and how many entries; bigint sums read as numbers. */
export async function paymentTotals(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      currency: ledgerEntry.currency,
      received: sql<number>`coalesce(sum(${ledgerEntry.paymentAmount}) filter (where ${ledgerEntry.paymentAmount} > 0), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(-sum(${ledgerEntry.paymentAmount}) filter (where ${ledgerEntry.paymentAmount} < 0), 0)`.mapWith(Number),
      net: sql<number>`coalesce(sum(${ledgerEntry.paymentAmount}), 0)`.mapWith(Number),
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntry)
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
