import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { users } from '../../identity/tables/users';
import { CURRENCIES, PLAN_TYPES } from '../../../../shared/plans';
import { PROPOSAL_STATUSES } from '../../../../shared/api/proposals';
import { oneOfCheck } from '../../../platform/db/one-of-check';

/** A custom line of a quote: a label and a signed amount in minor units of the booking's currency (a discount is negative). */
type ProposalLine = { label: string; amountMinor: number };

/** Money columns are whole minor units of the quote's currency (decision 0500). */
const money = (name: string) => integer(name);

/**
 * A quote staff make for a lead booking (docs/decisions/0260-proposals.md): plan, players, add-ons and custom lines,
 * priced by the one rule of shared/proposal-price.ts, valid until a date. Sent, it is reached at /proposal/{token}
 * (256 random bits); accepting it applies it to the booking through the booking write path.
 * Status: draft → sent → accepted | withdrawn (a draft may be withdrawn too).
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('draft'),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    players: integer('players').notNull(),
    addOns: jsonb('add_ons').$type<string[]>().notNull().default([]),
    lines: jsonb('lines').$type<ProposalLine[]>().notNull().default([]),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    pricePerPersonMinor: money('price_per_person_minor').notNull(),
    addOnsTotalMinor: money('add_ons_total_minor').notNull(),
    linesTotalMinor: money('lines_total_minor').notNull(),
    totalPriceMinor: money('total_price_minor').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposals_token_idx').on(t.token),
    index('proposals_booking_idx').on(t.bookingId),
    index('proposals_status_created_idx').on(t.status, t.createdAt),
    // A booking accepts at most one proposal, whoever clicks at the same moment.
    uniqueIndex('proposals_one_accepted_idx')
      .on(t.bookingId)
      .where(sql`${t.status} = 'accepted'`),
    oneOfCheck('proposals_status_check', t.status, PROPOSAL_STATUSES),
    oneOfCheck('proposals_plan_type_check', t.planType, PLAN_TYPES),
    oneOfCheck('proposals_currency_check', t.currency, CURRENCIES),
    check('proposals_total_check', sql`${t.totalPriceMinor} >= 0`),
  ],
);
