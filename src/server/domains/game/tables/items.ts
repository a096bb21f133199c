import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { games } from './games';
import { ITEM_KINDS } from '../../../../shared/game/items';
import { oneOfCheck } from '../../../platform/db/one-of-check';

/** Item stations staff place on a Weapons game's map; teams near one pick up a power-up (shared/game/items.ts). */
export const itemStations = pgTable(
  'item_stations',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    label: text('label').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_stations_game_idx').on(t.gameId), oneOfCheck('item_stations_kind_check', t.kind, ITEM_KINDS)],
);
