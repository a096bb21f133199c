import { and, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingPayments } from '../tables/ledger';
import { FREE_VOUCHER_SOURCE, voucherPaymentSource } from '../vouchers/voucher-payment-sources';

/** One ledger entry (a payment, refund or void of a booking), amounts signed in minor units. */
export type LedgerRow = typeof bookingPayments.$inferSelect;

/** A booking's ledger, oldest first. */
export async function ledgerOf(db: DbOrTx, bookingId: number): Promise<LedgerRow[]> {
  return db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId)).orderBy(bookingPayments.createdAt, bookingPayments.id);
}

/**
 * What is paid net on the booking whose id `bookingId` names (a column or a qualified reference of the caller's
 * statement), as a scalar subquery: the booking domain's overdue flag and message schedule read it beside the booking's
 * own columns in one statement. A bigint sum: read it as a number.
 */
export function ledgerNetSql(bookingId: SQLWrapper): SQL<string> {
  return sql<string>`(select coalesce(sum(${bookingPayments.paymentAmount}), 0) from ${bookingPayments} where ${bookingPayments.bookingId} = ${bookingId})`;
}

/** What is paid net per booking, as a subquery named `name` to join on its `bookingId` (the bookings export). */
export function ledgerNetPerBooking(name: string) {
  return new QueryBuilder()
    .select({ bookingId: bookingPayments.bookingId, total: sql<number>`sum(${bookingPayments.paymentAmount})`.as('total') })
    .from(bookingPayments)
    .groupBy(bookingPayments.bookingId)
    .as(name);
}

/** What is paid net on each of these bookings (absent: nothing recorded). */
export async function paidNetOfBookings(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: bookingPayments.bookingId, net: sql<number>`sum(${bookingPayments.paymentAmount})`.mapWith(Number) })
    .from(bookingPayments)
    .where(inArray(bookingPayments.bookingId, ids))
    .groupBy(bookingPayments.bookingId);
  return new Map(rows.map((r) => [r.bookingId, r.net]));
}

/**
 * The ledger (every payment, refund and void of every booking) as a read-only subquery, all its columns: the payments
 * list and the accountant's export join it with the booking and the voucher that paid (PostgreSQL flattens it).
 */
export const ledgerEntry = new QueryBuilder().select(getTableColumns(bookingPayments)).from(bookingPayments).as('ledger_entry');

/** A ledger entry's columns as a nested selection (`select({ payment: ledgerEntryFields, … })`). */
export const ledgerEntryFields = {
  id: ledgerEntry.id,
  bookingId: ledgerEntry.bookingId,
  kind: ledgerEntry.kind,
  paymentType: ledgerEntry.paymentType,
  paymentAmount: ledgerEntry.paymentAmount,
  currency: ledgerEntry.currency,
  correctsPaymentId: ledgerEntry.correctsPaymentId,
  reason: ledgerEntry.reason,
  purpose: ledgerEntry.purpose,
  recordedBy: ledgerEntry.recordedBy,
  provider: ledgerEntry.provider,
  providerReference: ledgerEntry.providerReference,
  createdAt: ledgerEntry.createdAt,
} satisfies Record<keyof LedgerRow, unknown>;

/**
 * An entry's gift voucher, when a voucher made its payment: a payment's own redemption, a refund's or void's that of the
 * payment it corrects. Staff-issued (free) voucher money is no money received (issue 35, decision 0505): every total of
 * money received (the payments page, the calendar's revenue) splits it off with these two conditions.
 */
export const voucherOfEntry = sql`${voucherPaymentSource.paymentId} = coalesce(${ledgerEntry.correctsPaymentId}, ${ledgerEntry.id})`;
export const freeVoucherMoney = sql`${voucherPaymentSource.source} is not distinct from ${FREE_VOUCHER_SOURCE}`;
export const receivedMoney = sql`${voucherPaymentSource.source} is distinct from ${FREE_VOUCHER_SOURCE}`;

/** Per currency: money received, taken back, their sum, and the free voucher money apart (net of its refunds). */
export const moneyTotalsColumns = {
  currency: ledgerEntry.currency,
  received: sql<number>`coalesce(sum(${ledgerEntry.paymentAmount}) filter (where ${ledgerEntry.paymentAmount} > 0 and ${receivedMoney}), 0)`.mapWith(Number),
  refunded: sql<number>`coalesce(-sum(${ledgerEntry.paymentAmount}) filter (where ${ledgerEntry.paymentAmount} < 0 and ${receivedMoney}), 0)`.mapWith(Number),
  net: sql<number>`coalesce(sum(${ledgerEntry.paymentAmount}) filter (where ${receivedMoney}), 0)`.mapWith(Number),
  free_vouchers: sql<number>`coalesce(sum(${ledgerEntry.paymentAmount}) filter (where ${freeVoucherMoney}), 0)`.mapWith(Number),
};

/**
 * The money of the bookings `bookingIds` selects (a subquery of the booking domain's, e.g. the calendar's games of a
 * period), per currency, with free voucher money apart: the staff overview's revenue.
 */
export async function moneyOfBookings(db: DbOrTx, bookingIds: SQLWrapper) {
  return db
    .select(moneyTotalsColumns)
    .from(ledgerEntry)
    .leftJoin(voucherPaymentSource, voucherOfEntry)
    .where(and(inArray(ledgerEntry.bookingId, bookingIds)))
    .groupBy(ledgerEntry.currency);
}
