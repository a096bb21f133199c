import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { instanceTeams } from './games';
import { users } from '../../identity/tables/users';

/** Points staff added to or took from a team by hand, each with its reason (also in the activity log). */
export const scoreAdjustments = pgTable(
  'score_adjustments',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_adjustments_team_idx').on(t.teamId)],
);
