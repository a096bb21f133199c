import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { games, submissions } from './games';
import { users } from '../../identity/tables/users';

/** 256 random bits as 64 hex characters, made by the database (as the Chicken's key is). */
const secretToken = sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;

/**
 * A game's links beyond the players (issue 29, decisions 0451-0452): the big screen's private token (staff and the
 * organiser regenerate it) and the recap's token with when it was published (null: unpublished, a 404). One row per
 * game, made the first time either is asked for.
 */
export const gameShowcase = pgTable(
  'game_showcase',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    screenToken: text('screen_token').notNull().default(secretToken),
    recapToken: text('recap_token').notNull().default(secretToken),
    recapPublishedAt: timestamp('recap_published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('game_showcase_screen_idx').on(t.screenToken), uniqueIndex('game_showcase_recap_idx').on(t.recapToken)],
);

/** Approved answers staff or the host took out of the activity feed (and so out of the big screen and the recap). */
export const feedHidden = pgTable('feed_hidden', {
  submissionId: integer('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
});
