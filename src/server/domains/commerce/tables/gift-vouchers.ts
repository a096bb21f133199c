import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { bookingPayments } from './ledger';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { CURRENCIES } from '../../../../shared/plans';
import { VOUCHER_LEDGER_KINDS } from '../../../../shared/commerce/gift-vouchers';
import { LANGUAGE_CODES } from '../../../../shared/i18n/languages';

export const VOUCHER_SOURCES = ['online', 'staff'] as const;

/**
 * A gift voucher (issue 32, decision 0401): money owed to whoever holds its code. Bought online it is pending (no
 * code, no dates) until the payment provider says paid; then, once, it gets its code, issue and expiry instants.
 * Staff-issued ones are issued at once. `balance` moves only in the same statement or row lock as the ledger entry
 * that explains it (gift_voucher_ledger), and the CHECK keeps it between 0 and the amount. `token` is the private key
 * of its printable page; `code` (normal form) is what pays.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    code: text('code'),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    /**
     * The language its mail is written in (decision 0625): the buyer's page language at purchase (the request's
     * Accept-Language, which the web app sets from the page); English for staff-issued ones and for every row before.
     */
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    source: text('source', { enum: VOUCHER_SOURCES }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's checkout session of a bought voucher: what its webhook and the return page name. */
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The last instant it pays (end of the day in the install's zone). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the expiry job first zeroed what was left (null: never had to). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_vouchers_token_idx').on(t.token),
    uniqueIndex('gift_vouchers_code_idx').on(t.code),
    uniqueIndex('gift_vouchers_provider_session_idx')
      .on(t.provider, t.providerSessionId)
      .where(sql`${t.providerSessionId} is not null`),
    index('gift_vouchers_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.balance} > 0`),
    oneOfCheck('gift_vouchers_currency_check', t.currency, CURRENCIES),
    oneOfCheck('gift_vouchers_source_check', t.source, VOUCHER_SOURCES),
    oneOfCheck('gift_vouchers_language_check', t.language, LANGUAGE_CODES),
    check('gift_vouchers_balance_check', sql`${t.amount} > 0 and ${t.balance} >= 0 and ${t.balance} <= ${t.amount}`),
    // Issued means a code and both dates; pending means none of them and nothing spent.
    check(
      'gift_vouchers_issued_check',
      sql`(${t.code} is not null and ${t.issuedAt} is not null and ${t.expiresAt} is not null) or (${t.code} is null and ${t.issuedAt} is null and ${t.expiresAt} is null and ${t.balance} = ${t.amount})`,
    ),
  ],
);

/**
 * Every move of a voucher's balance: issued (+amount), redeemed (−, into a booking's ledger as a payment of type
 * 'voucher'), refunded (+, staff refunded or voided that payment), expired (−, what was left at expiry). Only ever
 * added. `booking_payment_id` is the booking ledger entry that moved it (a payment, or its refund or void), at most
 * one voucher move per entry. Bookings are never deleted by the app; if one were, its moves keep their amounts.
 */
export const giftVoucherLedger = pgTable(
  'gift_voucher_ledger',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => giftVouchers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VOUCHER_LEDGER_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    bookingPaymentId: integer('booking_payment_id').references(() => bookingPayments.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gift_voucher_ledger_voucher_idx').on(t.voucherId, t.id),
    uniqueIndex('gift_voucher_ledger_payment_idx').on(t.bookingPaymentId),
    uniqueIndex('gift_voucher_ledger_issued_idx')
      .on(t.voucherId)
      .where(sql`${t.kind} = 'issued'`),
    oneOfCheck('gift_voucher_ledger_kind_check', t.kind, VOUCHER_LEDGER_KINDS),
    check(
      'gift_voucher_ledger_sign_check',
      sql`(${t.kind} in ('issued', 'refunded') and ${t.amount} > 0) or (${t.kind} in ('redeemed', 'expired') and ${t.amount} < 0)`,
    ),
  ],
);

/** The install's voucher settings (one row, id 1; absent means the defaults). */
export const giftVoucherSettings = pgTable(
  'gift_voucher_settings',
  {
    id: integer('id').primaryKey().default(1),
    validityMonths: integer('validity_months').notNull().default(12),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_voucher_settings_single_row', sql`${t.id} = 1`),
    check('gift_voucher_settings_validity_check', sql`${t.validityMonths} between 1 and 120`),
  ],
);
