import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { CURRENCIES, type PlanType } from '../../../../shared/plans';

/**
 * A promo code staff create (issue 32, decision 0400): a percentage or a fixed amount (minor units of `currency`) off a
 * booking, valid between two instants, limited in uses, plans and players. `code` is kept in its normal form
 * (src/shared/commerce/discount-code.ts), so look-ups need no case folding. `uses` is raised by one conditional UPDATE
 * (uses < max_uses) in the booking's transaction: the row lock makes racing bookings take the last use once.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    currency: text('currency', { enum: CURRENCIES }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** Null: every plan. */
    plans: jsonb('plans').$type<PlanType[]>(),
    minPlayers: integer('min_players'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.code),
    oneOfCheck('promo_codes_currency_check', t.currency, CURRENCIES),
    // Exactly one kind of discount; an amount has its currency.
    check(
      'promo_codes_kind_check',
      sql`(${t.percentOff} is not null and ${t.amountOff} is null and ${t.percentOff} between 1 and 100) or (${t.percentOff} is null and ${t.amountOff} is not null and ${t.amountOff} > 0 and ${t.currency} is not null)`,
    ),
    check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/** Which booking took which code, once per booking: the use a code's `uses` counts (and gives back on cancel). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_code_uses_booking_idx').on(t.bookingId), index('promo_code_uses_code_idx').on(t.promoCodeId)],
);
