import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Prices per currency. Plan and add-on content (names, features) lives in src/shared/plans. */
export const priceList = pgTable(
  'price_list',
  {
    currency: text('currency').notNull(),
    itemKind: text('item_kind').notNull(),
    itemType: text('item_type').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** When set, the item is on sale at this price and `price` is shown struck through. */
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.itemKind, t.itemType] })],
);
