import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingPayments } from '../../booking/tables/bookings';
import { listedBooking } from '../../booking';
import { users } from '../../identity/tables/users';
import type { PaymentListKind } from '../../../../shared/api/admin-payments';

export type PaymentFilter = { from?: Date | undefined; to?: Date | undefined; paymentType?: string | undefined; kind: PaymentListKind };

/** The filters as one condition: entries recorded in [from, to), of a type and a kind. */
export function paymentCondition(f: PaymentFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.from) parts.push(gte(bookingPayments.createdAt, f.from));
  if (f.to) parts.push(lt(bookingPayments.createdAt, f.to));
  if (f.paymentType) parts.push(eq(bookingPayments.paymentType, f.paymentType));
  if (f.kind !== 'all') parts.push(eq(bookingPayments.kind, f.kind));
  return parts.length ? and(...parts) : undefined;
}

const rowColumns = {
  payment: bookingPayments,
  booking: { id: listedBooking.id, fullName: listedBooking.fullName, email: listedBooking.email },
  recordedByName: users.name,
};

function rows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(bookingPayments)
    .innerJoin(listedBooking, eq(listedBooking.id, bookingPayments.bookingId))
    .leftJoin(users, eq(users.id, bookingPayments.recordedBy))
    .where(where);
}
export type PaymentListRow = Awaited<ReturnType<typeof rows>>[number];

export async function listPayments(db: DbOrTx, where: SQL | undefined, page: { page: number; perPage: number }) {
  return rows(db, where)
    .orderBy(desc(bookingPayments.createdAt), desc(bookingPayments.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
}

/** Per currency: what was received, what was taken back, and how many entries; bigint sums read as numbers. */
export async function paymentTotals(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      currency: bookingPayments.currency,
      received: sql<number>`coalesce(sum(${bookingPayments.paymentAmount}) filter (where ${bookingPayments.paymentAmount} > 0), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(-sum(${bookingPayments.paymentAmount}) filter (where ${bookingPayments.paymentAmount} < 0), 0)`.mapWith(Number),
      net: sql<number>`coalesce(sum(${bookingPayments.paymentAmount}), 0)`.mapWith(Number),
      entries: sql<number>`count(*)::int`,
    })
    .from(bookingPayments)
    .where(where)
    .groupBy(bookingPayments.currency)
    .orderBy(asc(bookingPayments.currency));
}

/** One page of the export, oldest first after `afterId` (keyset: stable however many rows are added meanwhile). */
export async function exportPage(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return rows(db, and(where, sql`${bookingPayments.id} > ${afterId}`))
    .orderBy(asc(bookingPayments.id))
    .limit(size);
}
