import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../../shared/i18n/languages';
import { oneOfCheck } from '../../../platform/db/one-of-check';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isHost: boolean('is_host').notNull().default(false),
    /**
     * The language the staff member picked for the staff area and the host console (issue 38, decision 0620); null
     * until they pick one, and then their pages follow the browser like any visitor's.
     */
    language: text('language', { enum: LANGUAGE_CODES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), oneOfCheck('users_language_check', t.language, LANGUAGE_CODES)],
);

/** Only a hash of the session token is stored, so a leaked table does not leak live sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A mailed password-reset link (decision 0182): only the SHA-256 of its 256-bit token is kept, like sessions and
 * player tokens, so a leaked table resets nobody's password. Single use: using one deletes every link of the user.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId), index('password_reset_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * A mailed one-time sign-in link (issue 36, decision 0528): the way in for a staff member whose new browser is locked
 * out by someone else's wrong passwords. Only the SHA-256 of its token is kept; using it stamps `used_at` in the same
 * statement that checks it, so a link signs in once.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId), index('sign_in_links_expires_idx').on(t.expiresAt)],
);
