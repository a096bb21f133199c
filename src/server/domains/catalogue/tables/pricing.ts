import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Prices per currency. Plan and add-on content (names, features) lives in src/shared/plans. */
export const priceList = pgTable(
  'price_list',
  {
    currency: text('currency').notNull(),
    itemKind: text('item_kind').notNull(),
    itemType: text('item_type').notNull(),
    /** Minor units of `currency` (decision 0500). */
    priceMinor: integer('price_minor').notNull(),
    /** When set, the item is on sale at this price and `price_minor` is shown struck through. */
    salePriceMinor: integer('sale_price_minor'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.itemKind, t.itemType] })],
);
