import type { Db } from '../../../platform/db/client';
import { effectivePrice, loadPriceTable } from '../price-list';
import { ADD_ONS, PLANS, RECOMMENDED_PLAN, type Currency, type Feature } from '../../../../shared/plans';
import { formatMoney } from '../../../../shared/money';
import type { Pricing } from '../../../../shared/api/pricing';
import { settledAnswer } from '../../../platform/memo-serializer';

const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; value: Promise<Pricing> }>();

/** The price list in one currency with each plan's content; cached for a few seconds (it rarely changes). */
export function getPricing(db: Db, currency: Currency): Promise<Pricing> {
  const hit = cache.get(currency);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  // Settled: every request of the next few seconds shares this object, and its JSON is made once.
  const value = buildPricing(db, currency).then(settledAnswer);
  cache.set(currency, { at: Date.now(), value });
  value.catch(() => cache.delete(currency));
  return value;
}

/** What a plan and an add-on both show (shared/api/pricing.ts priceItemShape), at the price that applies. */
function priced(content: { type: string; name: string; description: string; features: Feature[] }, price: number, currency: Currency) {
  return {
    type: content.type,
    name: content.name,
    description: content.description,
    price,
    formatted_amount: formatMoney(price, currency),
    features: content.features,
  };
}

async function buildPricing(db: Db, currency: Currency): Promise<Pricing> {
  const table = await loadPriceTable(db, currency);
  const plans = PLANS.flatMap((content) => {
    const item = table.plans.get(content.type);
    if (!item) return [];
    const price = effectivePrice(item);
    const onSale = item.salePrice !== null && item.salePrice < item.price;
    return [
      {
        ...priced(content, price, currency),
        is_active: item.isActive,
        is_recommended: content.type === RECOMMENDED_PLAN,
        ...(onSale ? { is_sale: true, original_price: item.price, original_formatted_amount: formatMoney(item.price, currency) } : {}),
      },
    ];
  });
  const addons = ADD_ONS.flatMap((content) => {
    const item = table.addons.get(content.type);
    if (!item || !item.isActive) return [];
    const price = effectivePrice(item);
    return [
      {
        ...priced(content, price, currency),
        ...(content.note ? { note: content.note } : {}),
        ...(content.note_tooltip ? { note_tooltip: content.note_tooltip } : {}),
      },
    ];
  });
  return { currency, plans, addons };
}
