import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gameInstances, games, instanceTeams, players } from './games';
import { QUESTION_ANSWERS, QUESTION_KINDS } from '../../../../shared/game/questions';
import { oneOfCheck } from '../../../platform/db/one-of-check';

/**
 * Questions a team asked about the Chicken (issue 40, decision 0585), answered ones only: a refused question is not
 * stored and costs nothing. Where the asker stood is the next thermometer's reference; the replay marks each one.
 */
export const teamQuestions = pgTable(
  'team_questions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    radiusM: integer('radius_m'),
    /** The landmark's name as the team saw it (a station's label, a challenge's name). */
    landmark: text('landmark'),
    answer: text('answer', { enum: QUESTION_ANSWERS }).notNull(),
    askerLat: doublePrecision('asker_lat').notNull(),
    askerLng: doublePrecision('asker_lng').notNull(),
    /** The points it cost (the game's rule when it was asked). */
    cost: integer('cost').notNull().default(0),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_questions_team_idx').on(t.teamId, t.askedAt),
    index('team_questions_instance_idx').on(t.instanceId, t.askedAt),
    oneOfCheck('team_questions_kind_check', t.kind, QUESTION_KINDS),
    oneOfCheck('team_questions_answer_check', t.answer, QUESTION_ANSWERS),
  ],
);

/** A game's own question rules; no row: the default (shared/game/questions.ts DEFAULT_QUESTION_RULES). */
export const gameQuestionRules = pgTable('game_question_rules', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  costPoints: integer('cost_points').notNull(),
  cooldownSeconds: integer('cooldown_seconds').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
