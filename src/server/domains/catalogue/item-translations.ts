import { eq, and } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { itemTranslations } from './tables/item-translations';
import type { Translations } from '../../../shared/i18n/content';
import type { CatalogueItemKind, ItemTranslatedField, ItemTranslations } from '../../../shared/plans';

/**
 * Staff's translations of plans' and add-ons' names and descriptions (decision 0630). Read where the names are shown:
 * the price list (its own cache) and the booker's confirmation in another language than English, through a cache of a
 * few seconds so a burst of bookings reads the table once; a change in this process forgets it at once.
 */
const CACHE_MS = 5_000;
const caches = new WeakMap<Db, { at: number; value: Promise<ItemTranslations> }>();

export async function loadItemTranslations(db: DbOrTx): Promise<ItemTranslations> {
  const rows = await db.select().from(itemTranslations);
  const out: ItemTranslations = {};
  for (const row of rows) out[row.itemKind] = { ...out[row.itemKind], [row.itemType]: row.translations };
  return out;
}

/** The translations, cached per database for a few seconds; `via` reads them inside the caller's transaction on a miss. */
export function itemTranslationsOf(db: Db, via: DbOrTx = db): Promise<ItemTranslations> {
  const hit = caches.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = loadItemTranslations(via);
  caches.set(db, { at: Date.now(), value });
  value.catch(() => caches.delete(db));
  return value;
}

export function forgetItemTranslations(db: Db): void {
  caches.delete(db);
}

/** Sets one item's translations; none left removes its row. */
export async function saveItemTranslations(
  tx: DbOrTx,
  kind: CatalogueItemKind,
  type: string,
  translations: Translations<ItemTranslatedField>,
  now: Date,
): Promise<void> {
  if (Object.keys(translations).length === 0) {
    await tx.delete(itemTranslations).where(and(eq(itemTranslations.itemKind, kind), eq(itemTranslations.itemType, type)));
    return;
  }
  await tx
    .insert(itemTranslations)
    .values({ itemKind: kind, itemType: type, translations, updatedAt: now })
    .onConflictDoUpdate({ target: [itemTranslations.itemKind, itemTranslations.itemType], set: { translations, updatedAt: now } });
}
