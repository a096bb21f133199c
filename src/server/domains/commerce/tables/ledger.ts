import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { CURRENCIES } from '../../../../shared/plans';
import { PAYMENT_KINDS, REFUND_PURPOSES } from '../../../../shared/payments';

/**
 * The ledger (decision 0545): every payment, refund and void of every booking. The commerce domain owns it with the
 * checkouts that bring money in, the gift vouchers' balances and the invoices and credit notes of its entries; the
 * booking domain asks for an entry through commerce/records.ts and reacts to the answer. The SQL name is the one it
 * always had, so moving it here changed no schema.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Free text staff type or pick (the form offers PAYMENT_TYPES; the API contract takes any label). */
    paymentType: text('payment_type').notNull(),
    /**
     * In pence (minor units of `currency`), signed: a payment is positive, its void or refund negative, so a
     * sum over the rows is what was paid net (docs/decisions/0190-payment-corrections.md).
     */
    paymentAmount: integer('payment_amount').notNull(),
    /** The booking's currency when the entry was recorded. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('GBP'),
    /** payment, void or refund: entries are only ever added, never edited or deleted. */
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment'),
    /** The payment a void or refund corrects. */
    correctsPaymentId: integer('corrects_payment_id').references((): AnyPgColumn => bookingPayments.id),
    reason: text('reason'),
    /** What a refund is (decision 0505: concession, cancellation or correction); null for payments, voids and older refunds. */
    purpose: text('purpose', { enum: REFUND_PURPOSES }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The payment provider that moved the money ('stripe'); null for an entry staff recorded by hand (0250). */
    provider: text('provider'),
    /** The provider's id of it: the checkout session of a payment, the refund id of a refund. */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_payments_booking_idx').on(t.bookingId),
    // One ledger entry per provider payment or refund, whatever order or how often its events arrive (0250).
    uniqueIndex('booking_payments_provider_ref_idx')
      .on(t.provider, t.kind, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('booking_payments_created_idx').on(t.createdAt),
    // A payment is voided at most once, whoever tries at the same moment.
    uniqueIndex('booking_payments_one_void_idx')
      .on(t.correctsPaymentId)
      .where(sql`${t.kind} = 'void'`),
    check(
      'booking_payments_kind_check',
      sql`(${t.kind} = 'payment' and ${t.correctsPaymentId} is null and ${t.paymentAmount} > 0) or (${t.kind} in ('void', 'refund') and ${t.correctsPaymentId} is not null and ${t.paymentAmount} < 0)`,
    ),
    oneOfCheck('booking_payments_currency_check', t.currency, CURRENCIES),
    oneOfCheck('booking_payments_purpose_check', t.purpose, REFUND_PURPOSES),
    // Only a refund has a purpose.
    check('booking_payments_purpose_kind_check', sql`${t.purpose} is null or ${t.kind} = 'refund'`),
  ],
);
