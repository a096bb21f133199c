import type { Db, DbOrTx } from '../../../platform/db/client';
import { effectivePriceMinor, loadPriceTable, type ItemPrice, type PriceTable } from '../price-list';
import { ADD_ONS, PLANS, RECOMMENDED_PLAN, type AddOnContent, type Currency, type Feature, type ItemTranslations, isPlanType } from '../../../../shared/plans';
import { itemTranslationsOf, loadItemTranslations } from '../item-translations';
import { formatMinor, minorToUnits } from '../../../../shared/money';
import type { AdminPricing, Pricing } from '../../../../shared/api/pricing';
import { settledAnswer } from '../../../platform/memo-serializer';

const CACHE_MS = 5_000;
type Cached = { at: number; value: Promise<Pricing>; settled?: Pricing };
/** Per database: the cache holds that database's list (tests run several apps, each on its own database, in one process). */
const caches = new WeakMap<Db, Map<Currency, Cached>>();

function cacheOf(db: Db): Map<Currency, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The price list in one currency with each plan's content; cached for a few seconds (it rarely changes). */
export function getPricing(db: Db, currency: Currency): Promise<Pricing> {
  const cache = cacheOf(db);
  const hit = cache.get(currency);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  // Settled: every request of the next few seconds shares this object, and its JSON is made once.
  const entry: Cached = { at: Date.now(), value: buildPricing(db, currency).then(settledAnswer) };
  cache.set(currency, entry);
  entry.value.then(
    (pricing) => (entry.settled = pricing),
    () => cache.delete(currency),
  );
  return entry.value;
}

/**
 * Whether `pricing` is still the list getPricing gives for its currency: not forgotten after a change by staff, not
 * older than CACHE_MS. The route's answer is replayed while it holds (platform/http/hot-reads.ts).
 */
export function isCurrentPricing(db: Db, currency: Currency, pricing: Pricing): boolean {
  const hit = cacheOf(db).get(currency);
  return hit !== undefined && hit.settled === pricing && Date.now() - hit.at < CACHE_MS;
}

/**
 * After staff change a currency's prices, the next request reads the list again, so the wizard shows the change at once
 * (decision 0515). Another server process on the same database reads it within CACHE_MS.
 */
export function forgetPricing(db: Db, currency?: Currency): void {
  if (currency) cacheOf(db).delete(currency);
  // Translations are the same in every currency: a change to them forgets every list.
  else cacheOf(db).clear();
}

/** Staff's view (GET /api/admin/pricing): the public shape with every item, and each plan's stored list and sale price. */
export async function getAdminPricing(db: DbOrTx, currency: Currency): Promise<AdminPricing> {
  const [table, translations] = await Promise.all([loadPriceTable(db, currency), loadItemTranslations(db)]);
  const pricing = pricingOf(table, currency, translations);
  return {
    currency,
    plans: pricing.plans.map((plan) => {
      const item = isPlanType(plan.type) ? table.plans.get(plan.type) : undefined;
      const sale = item?.salePriceMinor ?? null;
      return { ...plan, list_price: item ? minorToUnits(item.priceMinor) : plan.price, sale_price: sale === null ? null : minorToUnits(sale) };
    }),
    addons: ADD_ONS.flatMap((content) => {
      const item = table.addons.get(content.type);
      return item ? [{ ...addOnOf(content, item, currency, translations), is_active: item.isActive }] : [];
    }),
  };
}

/** What a plan and an add-on both show (shared/api/pricing.ts priceItemShape), at the price that applies (minor units in, currency units out). */
function priced(
  content: { type: string; name: string; description: string; features: Feature[] },
  priceMinor: number,
  currency: Currency,
  translations: ItemTranslations[keyof ItemTranslations],
) {
  const own = translations?.[content.type];
  return {
    type: content.type,
    name: content.name,
    description: content.description,
    price: minorToUnits(priceMinor),
    formatted_amount: formatMinor(priceMinor, currency),
    features: content.features,
    // Staff's translations, when there are any (decision 0630): each screen shows its reader's.
    ...(own && Object.keys(own).length > 0 ? { translations: own } : {}),
  };
}

async function buildPricing(db: Db, currency: Currency): Promise<Pricing> {
  const [table, translations] = await Promise.all([loadPriceTable(db, currency), itemTranslationsOf(db)]);
  return pricingOf(table, currency, translations);
}

function addOnOf(content: AddOnContent, item: ItemPrice, currency: Currency, translations: ItemTranslations) {
  return {
    ...priced(content, effectivePriceMinor(item), currency, translations.addon),
    ...(content.note ? { note: content.note } : {}),
    ...(content.note_tooltip ? { note_tooltip: content.note_tooltip } : {}),
  };
}

function pricingOf(table: PriceTable, currency: Currency, translations: ItemTranslations): Pricing {
  const plans = PLANS.flatMap((content) => {
    const item = table.plans.get(content.type);
    if (!item) return [];
    const price = effectivePriceMinor(item);
    const onSale = item.salePriceMinor !== null && item.salePriceMinor < item.priceMinor;
    return [
      {
        ...priced(content, price, currency, translations.plan),
        is_active: item.isActive,
        is_recommended: content.type === RECOMMENDED_PLAN,
        ...(onSale ? { is_sale: true, original_price: minorToUnits(item.priceMinor), original_formatted_amount: formatMinor(item.priceMinor, currency) } : {}),
      },
    ];
  });
  const addons = ADD_ONS.flatMap((content) => {
    const item = table.addons.get(content.type);
    return item && item.isActive ? [addOnOf(content, item, currency, translations)] : [];
  });
  return { currency, plans, addons };
}
