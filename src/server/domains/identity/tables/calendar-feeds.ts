import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A staff user's private calendar feed (issue 31, decision 0394): at most one per user. Only the SHA-256 of the URL's
 * secret is kept, so the database never holds a working feed URL; regenerating replaces the row, revoking deletes it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
