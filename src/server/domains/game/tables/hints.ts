import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { challenges } from '../../catalogue/tables/challenges';
import { instanceTeams, players } from './games';

/**
 * The hints a team took on request (decision 0581), one row per team, challenge and hint: the unique index makes two
 * requests at once charge once. `cost` is what it was charged then (shared/scoring/hint-cost.ts); the team's total
 * subtracts the sum.
 */
export const hintTakes = pgTable(
  'hint_takes',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    /** The hint's place in the challenge's list (0, 1, 2). */
    hintIndex: integer('hint_index').notNull(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    cost: integer('cost').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hint_takes_once_idx').on(t.teamId, t.challengeId, t.hintIndex), index('hint_takes_team_idx').on(t.teamId)],
);
