import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { bookingPayments } from './ledger';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { CURRENCIES } from '../../../../shared/plans';
import { INVOICE_KINDS, type InvoiceLine } from '../../../../shared/commerce/invoices';

/**
 * The seller's details and the install's VAT rate (one row, id 1; absent means blank details and 0 %): what every
 * invoice is issued with. Basis points, so 17.5 % is 1750 (decision 0410).
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: integer('id').primaryKey().default(1),
    sellerName: text('seller_name').notNull().default(''),
    sellerAddress: text('seller_address').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('invoice_settings_single_row', sql`${t.id} = 1`), check('invoice_settings_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`)],
);

/**
 * One row per year: the last number issued in that year's series. Raised by one upsert in the transaction that writes
 * the document, so the row's lock orders concurrent documents and a rolled-back one gives its number back (0410).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_last_number_check', sql`${t.lastNumber} > 0`)],
);

export type InvoiceSeller = { name: string; address: string; vat_number: string };

export const INVOICE_STATUSES = ['waiting', 'issued'] as const;

/**
 * Invoices and credit notes, one per ledger entry (unique `ledger_entry_id`: a payment's invoice, a refund's or void's
 * credit note, recorded once with its entry). A document is recorded 'waiting' with its lines and gross frozen; it is
 * 'issued' (number, year, sequence, net/VAT split, rate, seller, issue time) in the same transaction when the seller's
 * details are known, else in order once staff save them (decision 0510). The buyer's company and address are the
 * booking's (invoice_buyers). A credit note names the invoice it corrects. Amounts in minor units; a credit note's are
 * negative. Its PDF is rendered after the commit by a job (`render_*`: due while `mail_due`, retried with backoff) and
 * mailed once. The ledger cascades with its booking, and so do its documents (bookings are never deleted by the app).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('issued'),
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ledgerEntryId: integer('ledger_entry_id')
      .notNull()
      .references(() => bookingPayments.id, { onDelete: 'cascade' }),
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    net: integer('net'),
    vat: integer('vat'),
    gross: integer('gross').notNull(),
    vatRateBp: integer('vat_rate_bp'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The booker is mailed the PDF once it is rendered (a payment's or refund's, not a void's nor the demo seed's). */
    mailDue: boolean('mail_due').notNull().default(false),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    renderAttempts: integer('render_attempts').notNull().default(0),
    /** The next render attempt (after a failure's backoff), or how long a claimed render is held. */
    renderAfter: timestamp('render_after', { withTimezone: true }),
    renderError: text('render_error'),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence),
    uniqueIndex('invoices_ledger_entry_idx').on(t.ledgerEntryId),
    index('invoices_booking_idx').on(t.bookingId, t.id),
    index('invoices_waiting_idx')
      .on(t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('invoices_mail_due_idx')
      .on(t.id)
      .where(sql`${t.mailDue}`),
    oneOfCheck('invoices_status_check', t.status, INVOICE_STATUSES),
    oneOfCheck('invoices_kind_check', t.kind, INVOICE_KINDS),
    oneOfCheck('invoices_currency_check', t.currency, CURRENCIES),
    check(
      'invoices_issued_check',
      sql`(${t.status} = 'waiting' and ${t.number} is null and ${t.sequence} is null and ${t.year} is null and ${t.issuedAt} is null) or (${t.status} = 'issued' and ${t.number} is not null and ${t.year} is not null and ${t.sequence} is not null and ${t.net} is not null and ${t.vat} is not null and ${t.vatRateBp} is not null and ${t.seller} is not null and ${t.issuedAt} is not null)`,
    ),
    check('invoices_totals_check', sql`${t.net} + ${t.vat} = ${t.gross}`),
    check(
      'invoices_sign_check',
      sql`(${t.kind} = 'invoice' and ${t.gross} > 0) or (${t.kind} = 'credit_note' and ${t.gross} < 0 and ${t.creditsInvoiceId} is not null)`,
    ),
  ],
);

/** The buyer's company and address for a booking's invoices, as the booker (or staff) gave them. */
export const invoiceBuyers = pgTable('invoice_buyers', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull().default(''),
  address: text('address').notNull().default(''),
  /**
   * The buyer's name and email as the booking had them when the person was erased (issue 41, decision 0570): invoices
   * keep their buyer for tax law; null while the booking still holds them.
   */
  keptName: text('kept_name'),
  keptEmail: text('kept_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
