import { Readable } from 'node:stream';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { DbOrTx } from '../../../platform/db/client';
import { documentsOfEntries, type EntryDocument } from '../invoices/invoices-repository';
import type { FinanceExportQuery } from '../../../../shared/api/admin-payments';
import { DEFAULT_ADMIN_TIMEZONE, todayIn } from '../../../../shared/time';
import { vatRatePercent } from '../../../../shared/commerce/invoices';
import { ledgerEntryTypeLabel } from '../../../../shared/api/admin-booking-detail';
import { decimal, filterOf, localStamp, text } from './admin-payments-service';
import { exportPage, paymentCondition, type PaymentListRow } from './admin-payments-repository';

/**
 * The accountant's export (decision 0511): one row per ledger entry recorded in the range, with its invoice or credit
 * note. The first five columns are a bank statement's as Xero's and QuickBooks Online's statement uploads map them
 * (Date as DD/MM/YYYY, a signed Amount, Payee, Description, Reference = the document's number); the rest carry the
 * document and its VAT for the return. Amounts are decimals of the integer minor units, never floats summed.
 */
export const FINANCE_CSV_HEADERS = [
  'Date',
  'Amount',
  'Payee',
  'Description',
  'Reference',
  'Document type',
  'Document date',
  'Booking',
  'Net',
  'VAT',
  'Gross',
  'VAT rate',
  'Currency',
  'Entry type',
  'Payment method',
  'Entry',
] as const;

const DOCUMENT_TYPES: Record<EntryDocument['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

const day = (at: Date) => localStamp(at).slice(0, 10);

function description(r: PaymentListRow): string {
  const p = r.payment;
  const code = r.booking.tempCode;
  if (p.kind === 'payment') return `Payment for booking ${code}`;
  const why = p.reason?.trim() ? `: ${p.reason.trim()}` : '';
  return `${p.kind === 'void' ? 'Payment voided' : 'Refund'} on booking ${code}${why}`;
}

function record(r: PaymentListRow, doc: EntryDocument | undefined): string[] {
  const p = r.payment;
  const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : decimal(value));
  return [
    day(p.createdAt),
    decimal(p.paymentAmount),
    text(doc?.buyerCompany?.trim() || r.booking.fullName || r.booking.email),
    text(description(r)),
    doc?.number ?? '',
    doc ? DOCUMENT_TYPES[doc.kind] : '',
    doc?.issuedAt ? day(doc.issuedAt) : '',
    r.booking.tempCode,
    money(doc?.net),
    money(doc?.vat),
    money(doc?.gross),
    doc?.vatRateBp === null || doc?.vatRateBp === undefined ? '' : String(vatRatePercent(doc.vatRateBp)),
    p.currency,
    p.kind,
    text(ledgerEntryTypeLabel(p.paymentType, r.freeVoucher)),
    String(p.id),
  ];
}

export const financeFileName = (query: FinanceExportQuery, now: Date = new Date()) =>
  `accounts-${query.from}-to-${query.to}-${todayIn(DEFAULT_ADMIN_TIMEZONE, now)}.csv`;

const PAGE = 1000;

/** Every entry of the range, oldest first, streamed one keyset page at a time with that page's documents. */
export function exportFinanceCsv(db: DbOrTx, query: FinanceExportQuery): Readable {
  const where = paymentCondition(filterOf({ from: query.from, to: query.to, kind: 'all' }));
  async function* chunks() {
    yield stringifyCsv([[...FINANCE_CSV_HEADERS]]);
    let afterId = 0;
    for (;;) {
      const page = await exportPage(db, where, afterId, PAGE);
      if (page.length === 0) return;
      const documents = await documentsOfEntries(
        db,
        page.map((r) => r.payment.id),
      );
      yield stringifyCsv(page.map((r) => record(r, documents.get(r.payment.id))));
      afterId = page[page.length - 1]?.payment.id ?? afterId;
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(chunks());
}
