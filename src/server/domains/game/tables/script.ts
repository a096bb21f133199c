import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gameInstances, games } from './games';
import { itemStations } from './items';
import { challenges } from '../../catalogue/tables/challenges';
import { SCRIPT_ACTIONS, SCRIPT_ANCHORS, type TemplateStep } from '../../../../shared/game/script';
import { oneOfCheck } from '../../../platform/db/one-of-check';

/**
 * A game's script (issue 40, decision 0585): steps at a time relative to the start or the end, planned by the booker
 * before the game and by the host during it, each run once by the script runner (`ran_at` set in the transaction
 * that did it). A game takes the staff's template once (`game_script_seeds`), then its steps are its own.
 */
export const gameScriptSteps = pgTable(
  'game_script_steps',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    anchor: text('anchor', { enum: SCRIPT_ANCHORS }).notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    action: text('action', { enum: SCRIPT_ACTIONS }).notNull(),
    text: text('text'),
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').references(() => itemStations.id, { onDelete: 'cascade' }),
    radiusM: integer('radius_m'),
    minutes: integer('minutes'),
    /** Who planned it: the template, the booker, or staff (the host or an admin). */
    plannedBy: text('planned_by').notNull(),
    /** When it ran, in which instance, and what came of it ('done', or why it did nothing). */
    ranAt: timestamp('ran_at', { withTimezone: true }),
    ranInstanceId: integer('ran_instance_id').references(() => gameInstances.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_script_steps_game_idx').on(t.gameId, t.id),
    oneOfCheck('game_script_steps_anchor_check', t.anchor, SCRIPT_ANCHORS),
    oneOfCheck('game_script_steps_action_check', t.action, SCRIPT_ACTIONS),
  ],
);

/** The game took the template (or was planned by hand before it could): it is never copied again. */
export const gameScriptSeeds = pgTable('game_script_seeds', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The staff's template, one row (id 1) once staff saved it; before that the shipped default
 * (shared/game/script.ts DEFAULT_SCRIPT_TEMPLATE). Challenge steps carry the challenge's name, resolved per game.
 */
export const scriptTemplates = pgTable('script_templates', {
  id: integer('id').primaryKey(),
  steps: jsonb('steps').$type<TemplateStep[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
