import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { players } from '../../game/tables/games';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { RETENTION_DEFAULTS } from '../../../../shared/privacy/retention';

export const PRIVACY_TEXT_KINDS = ['terms', 'waiver'] as const;

/**
 * Every published version of the booking terms and of the player waiver (issue 41, decision 0570). A version is only
 * ever added: what a booker or player accepted stays readable as they read it.
 */
export const privacyTexts = pgTable(
  'privacy_texts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PRIVACY_TEXT_KINDS }).notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('privacy_texts_kind_version_idx').on(t.kind, t.version), oneOfCheck('privacy_texts_kind_check', t.kind, PRIVACY_TEXT_KINDS)],
);

/**
 * The booker's acceptance of the terms, one per booking, kept here rather than as booking columns (decision 0570): the
 * booking domain asks privacy to record it in the booking's own transaction.
 */
export const termsAcceptances = pgTable('terms_acceptances', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

/** Each player's acceptance of the waiver when joining: the name they joined with, the version, and photo consent. */
export const waiverAcceptances = pgTable(
  'waiver_acceptances',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    photoConsent: boolean('photo_consent').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('waiver_acceptances_player_idx').on(t.playerId), index('waiver_acceptances_booking_idx').on(t.bookingId)],
);

/** The install's privacy settings: one row (id 1), made with the defaults the first time it is read. */
export const privacySettings = pgTable('privacy_settings', {
  id: integer('id').primaryKey().default(1),
  positionsDays: integer('positions_days').notNull().default(RETENTION_DEFAULTS.positions_days),
  mediaDays: integer('media_days').notNull().default(RETENTION_DEFAULTS.media_days),
  leadMonths: integer('lead_months').notNull().default(RETENTION_DEFAULTS.lead_months),
  contactName: text('contact_name').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
});

/**
 * Every erasure (decision 0570): when, by whom, how much, and the SHA-256 of the erased email, never the email itself,
 * so the log keeps no trace of the person yet a restored older archive can be erased again by the same list.
 */
export const erasures = pgTable('erasures', {
  id: serial('id').primaryKey(),
  emailHash: text('email_hash').notNull(),
  erasedBy: integer('erased_by').references(() => users.id, { onDelete: 'set null' }),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
});

/** The daily retention run, one row per day: the first process to insert the day's row runs it (decision 0570). */
export const retentionRuns = pgTable('retention_runs', {
  day: text('day').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
});
