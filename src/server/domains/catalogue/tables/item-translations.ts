import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import type { Translations } from '../../../../shared/i18n/content';
import { CATALOGUE_ITEM_KINDS, type ItemTranslatedField } from '../../../../shared/plans';

/**
 * A plan's or an add-on's name and description in other languages (decision 0630): their English lives in code
 * (shared/plans.ts), so the translations staff write have a row of their own per item, language → field → text.
 * No row: nothing translated.
 */
export const itemTranslations = pgTable(
  'item_translations',
  {
    itemKind: text('item_kind', { enum: CATALOGUE_ITEM_KINDS }).notNull(),
    itemType: text('item_type').notNull(),
    translations: jsonb('translations').$type<Translations<ItemTranslatedField>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemKind, t.itemType] }), oneOfCheck('item_translations_item_kind_check', t.itemKind, CATALOGUE_ITEM_KINDS)],
);
