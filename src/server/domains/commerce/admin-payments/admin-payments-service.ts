import { Readable } from 'node:stream';
import { minorToDecimalText } from '../../../../shared/money';
import { ledgerEntryTypeLabel } from '../../../../shared/api/admin-booking-detail';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { addDays, format, isValid, parse } from 'date-fns';
import type { DbOrTx } from '../../../platform/db/client';
import { ValidationError } from '../../../platform/errors';
import { PAYMENTS_MESSAGES, type CurrencyTotal, type PaymentRow, type PaymentsQuery } from '../../../../shared/api/admin-payments';
import { API_DATE, DEFAULT_ADMIN_TIMEZONE, localToUtcIso, todayIn } from '../../../../shared/time';
import { exportPage, listPayments, paymentCondition, paymentTotals, type PaymentFilter, type PaymentListRow } from './admin-payments-repository';

const ZONE = DEFAULT_ADMIN_TIMEZONE;

function realDay(text: string): boolean {
  const d = parse(text, API_DATE, new Date(0));
  return isValid(d) && format(d, API_DATE) === text && d.getFullYear() >= 2000 && d.getFullYear() <= 2999;
}

/** The query's days as instants: from the start of `from` to the end of `to`, in the admin zone. */
export function filterOf(query: Pick<PaymentsQuery, 'from' | 'to' | 'payment_type' | 'kind'>): PaymentFilter {
  if (query.from !== undefined && !realDay(query.from)) throw ValidationError.field('from', PAYMENTS_MESSAGES.from);
  if (query.to !== undefined && !realDay(query.to)) throw ValidationError.field('to', PAYMENTS_MESSAGES.to);
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw ValidationError.field('to', PAYMENTS_MESSAGES.order);
  const start = query.from === undefined ? undefined : localToUtcIso(query.from, { hour: 0, minute: 0 }, ZONE);
  const nextDay = query.to === undefined ? undefined : format(addDays(parse(query.to, API_DATE, new Date(0)), 1), API_DATE);
  const end = nextDay === undefined ? undefined : localToUtcIso(nextDay, { hour: 0, minute: 0 }, ZONE);
  return {
    from: start ? new Date(start) : undefined,
    to: end ? new Date(end) : undefined,
    paymentType: query.payment_type || undefined,
    kind: query.kind,
  };
}

function toRow(r: PaymentListRow): PaymentRow {
  return {
    id: r.payment.id,
    booking_id: r.booking.id,
    booking_name: r.booking.fullName,
    booking_email: r.booking.email,
    payment_type: r.payment.paymentType,
    kind: r.payment.kind,
    payment_amount: r.payment.paymentAmount,
    currency: r.payment.currency,
    corrects_payment_id: r.payment.correctsPaymentId,
    reason: r.payment.reason,
    recorded_by_name: r.recordedByName,
    free_voucher: r.freeVoucher,
    created_at: r.payment.createdAt.toISOString(),
  };
}

/** The filtered page, its paging and the totals of every entry the filters select, per currency. */
export async function listLedger(db: DbOrTx, query: PaymentsQuery) {
  const where = paymentCondition(filterOf(query));
  const [page, totals] = await Promise.all([listPayments(db, where, { page: query.page, perPage: query.per_page }), paymentTotals(db, where)]);
  const total = totals.reduce((n, t) => n + t.entries, 0);
  return {
    payments: page.map(toRow),
    pagination: { current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, total },
    totals: totals satisfies CurrencyTotal[],
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

const PAYMENTS_CSV_HEADERS = [
  'Recorded',
  'Entry',
  'Kind',
  'Type',
  'Amount',
  'Currency',
  'Corrects entry',
  'Reason',
  'Recorded by',
  'Booking',
  'Booker',
  'Email',
] as const;

/** Text a spreadsheet would run as a formula is prefixed with a quote (as the bookings export does). */
const FORMULA = /^[=+\-@\t\r]/;
export const text = (value: string | null) => (value === null ? '' : FORMULA.test(value) ? `'${value}` : value);

const stamp = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export function localStamp(value: Date): string {
  const part: Record<string, string> = {};
  for (const p of stamp.formatToParts(value)) part[p.type] = p.value;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** Pence as a plain signed decimal ('-12.50'), so a spreadsheet sums the column; the currency has its own. */
export const decimal = (pence: number) => minorToDecimalText(pence);

function csvRecord(r: PaymentListRow): string[] {
  const p = r.payment;
  return [
    localStamp(p.createdAt),
    String(p.id),
    p.kind,
    // The type's label, as the payments page shows it (a free voucher's marked), never the stored key.
    text(ledgerEntryTypeLabel(p.paymentType, r.freeVoucher)),
    decimal(p.paymentAmount),
    p.currency,
    p.correctsPaymentId === null ? '' : String(p.correctsPaymentId),
    text(p.reason),
    text(r.recordedByName),
    String(r.booking.id),
    text(r.booking.fullName),
    text(r.booking.email),
  ];
}

export function paymentsFileName(now: Date = new Date()): string {
  return `payments-${todayIn(ZONE, now)}.csv`;
}

const EXPORT_PAGE = 1000;

/** Every entry the filters select (all pages), oldest first, streamed one keyset page at a time. */
export function exportLedgerCsv(db: DbOrTx, query: Pick<PaymentsQuery, 'from' | 'to' | 'payment_type' | 'kind'>): Readable {
  const where = paymentCondition(filterOf(query));
  async function* chunks() {
    yield stringifyCsv([[...PAYMENTS_CSV_HEADERS]]);
    let afterId = 0;
    for (;;) {
      const page = await exportPage(db, where, afterId, EXPORT_PAGE);
      if (page.length === 0) return;
      yield stringifyCsv(page.map(csvRecord));
      afterId = page[page.length - 1]?.payment.id ?? afterId;
      if (page.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(chunks());
}
