import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { CURRENCIES } from '../../../../shared/plans';
import { CHECKOUT_PURPOSES, CHECKOUT_STATUSES } from '../../../../shared/payments';

/**
 * A booker's online checkout (decision 0250): one provider session for a fixed amount and purpose. `pending` until the
 * provider says it was paid (`paid`: the ledger has its payment), or it is refused (`refused`: wrong amount, booking
 * cancelled) or expires.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** deposit, full or balance (src/shared/payments.ts). */
    purpose: text('purpose', { enum: CHECKOUT_PURPOSES }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkouts_provider_session_idx').on(t.provider, t.providerSessionId),
    index('checkouts_booking_idx').on(t.bookingId),
    oneOfCheck('checkouts_currency_check', t.currency, CURRENCIES),
    oneOfCheck('checkouts_purpose_check', t.purpose, CHECKOUT_PURPOSES),
    oneOfCheck('checkouts_status_check', t.status, CHECKOUT_STATUSES),
  ],
);

/** Provider events already handled: a replayed webhook finds its id here and changes nothing (decision 0250). */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** What handling it did: recorded, ignored, refused (with why in the log). */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
