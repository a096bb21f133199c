import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gameInstances, instanceTeams, players } from './games';
import { itemStations } from './items';
import { EFFECT_KINDS, ITEM_KINDS } from '../../../../shared/game/items';
import { oneOfCheck } from '../../../platform/db/one-of-check';

/**
 * The Chicken's side of one instance (decision 0280): the found-code its screen shows and where it hid. Secret from
 * players: only the Chicken and staff read it.
 */
export const instanceChickens = pgTable('instance_chickens', {
  instanceId: integer('instance_id')
    .primaryKey()
    .references(() => gameInstances.id, { onDelete: 'cascade' }),
  foundCode: text('found_code').notNull(),
  hidingLat: doublePrecision('hiding_lat'),
  hidingLng: doublePrecision('hiding_lng'),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A power-up a team picked up (decision 0241): in the Backpack while `used_at` is null. The same rows answer the
 * station cooldown (last pickup of a team at a station) and the item cooldown (last use of a kind by a team).
 */
export const teamItems = pgTable(
  'team_items',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    stationId: integer('station_id').references(() => itemStations.id, { onDelete: 'set null' }),
    pickedBy: integer('picked_by').references(() => players.id, { onDelete: 'set null' }),
    pickedAt: timestamp('picked_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => players.id, { onDelete: 'set null' }),
    targetTeamId: integer('target_team_id').references(() => instanceTeams.id, { onDelete: 'set null' }),
    /** What the use answered (Radar's yes/no, the compass point, the strike's outcome), for the team's history. */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('team_items_team_idx').on(t.teamId, t.pickedAt),
    index('team_items_station_idx').on(t.stationId, t.teamId),
    oneOfCheck('team_items_kind_check', t.kind, ITEM_KINDS),
  ],
);

/** A timed effect on a team: frozen by an Egg Strike, shielded by a Smoke Screen. */
export const teamEffects = pgTable(
  'team_effects',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EFFECT_KINDS }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    byTeamId: integer('by_team_id').references(() => instanceTeams.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_effects_instance_idx').on(t.instanceId, t.until), oneOfCheck('team_effects_kind_check', t.kind, EFFECT_KINDS)],
);
