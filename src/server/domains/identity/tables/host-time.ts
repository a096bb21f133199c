import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A stretch of time a host marked from their console as unavailable (issue 31, decision 0376): assigning them to a
 * game whose window meets it is refused. Instants in UTC; the note says why, for the staff who see it.
 */
export const hostUnavailability = pgTable(
  'host_unavailability',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('host_unavailability_host_idx').on(t.hostId, t.startsAt), check('host_unavailability_order_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * The install's settings of hosts' time (one row, id 1; absent means the defaults of shared/host-time.ts): the travel
 * margin staff set between one game's end and the next game's meeting for the same host.
 */
export const hostTimeSettings = pgTable(
  'host_time_settings',
  {
    id: integer('id').primaryKey().default(1),
    travelMarginMinutes: integer('travel_margin_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('host_time_settings_single_row', sql`${t.id} = 1`), check('host_time_settings_margin_check', sql`${t.travelMarginMinutes} between 0 and 1440`)],
);
