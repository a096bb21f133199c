import type { Db } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { loadPriceTable, savePriceChanges, type PriceChange, type PriceTable } from '../price-list';
import { forgetPricing, getAdminPricing } from './pricing-service';
import { forgetItemTranslations, loadItemTranslations, saveItemTranslations } from '../item-translations';
import { exactMinorUnits, minorToUnits } from '../../../../shared/money';
import type { AdminPricing, UpdatePricingBody } from '../../../../shared/api/pricing';
import type { Currency } from '../../../../shared/plans';

/** An amount the body's schema has already judged (at most two decimals) in minor units. */
function minor(amount: number): number {
  const value = exactMinorUnits(amount);
  if (value === null) throw new Error(`price ${amount} passed the schema but is not exact`);
  return value;
}

function changesOf(body: UpdatePricingBody): PriceChange[] {
  return [
    ...body.plans.map((plan): PriceChange => ({
      kind: 'plan',
      type: plan.type,
      priceMinor: minor(plan.price),
      ...(plan.sale_price !== undefined ? { salePriceMinor: plan.sale_price === null ? null : minor(plan.sale_price) } : {}),
      ...(plan.is_active !== undefined ? { isActive: plan.is_active } : {}),
    })),
    ...body.addons.map((addon): PriceChange => ({ kind: 'addon', type: addon.type, priceMinor: minor(addon.price), salePriceMinor: null })),
  ];
}

/** The log's picture of a currency's list: every item's price, sale price and flag. */
function snapshot(table: PriceTable): Record<string, unknown> {
  // In currency units, as the timeline has always shown prices (decision 0500).
  const items = (map: Map<string, { priceMinor: number; salePriceMinor: number | null; isActive: boolean }>) =>
    Object.fromEntries(
      [...map].map(([type, i]) => [
        type,
        { price: minorToUnits(i.priceMinor), sale_price: i.salePriceMinor === null ? null : minorToUnits(i.salePriceMinor), is_active: i.isActive },
      ]),
    );
  return { currency: table.currency, plans: items(table.plans), addons: items(table.addons) };
}

/**
 * PUT /api/admin/pricing: sets the items given, logs the change as staff's (before and after), and answers the new
 * list. Bookings keep the prices they were made at (they store their own); the wizard reads the new list at once.
 */
export async function updatePricing(db: Db, actor: { id: number }, body: UpdatePricingBody, now: Date): Promise<AdminPricing> {
  const currency: Currency = body.currency;
  const translated = [
    ...body.plans.map((p) => ({ kind: 'plan' as const, type: p.type, translations: p.translations })),
    ...body.addons.map((a) => ({ kind: 'addon' as const, type: a.type, translations: a.translations })),
  ].filter((item) => item.translations !== undefined);
  await db.transaction(async (tx) => {
    const before = await loadPriceTable(tx, currency);
    const translationsBefore = translated.length > 0 ? await loadItemTranslations(tx) : null;
    await savePriceChanges(tx, currency, changesOf(body), now);
    for (const item of translated) await saveItemTranslations(tx, item.kind, item.type, item.translations ?? {}, now);
    const after = await loadPriceTable(tx, currency);
    const translationsAfter = translated.length > 0 ? await loadItemTranslations(tx) : null;
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'price.update',
      entityType: 'price',
      entityId: currency,
      // The names' translations only when the change gave some (decision 0630).
      before: { ...snapshot(before), ...(translationsBefore ? { translations: translationsBefore } : {}) },
      after: { ...snapshot(after), ...(translationsAfter ? { translations: translationsAfter } : {}) },
    });
  });
  if (translated.length > 0) {
    forgetItemTranslations(db);
    forgetPricing(db);
  } else forgetPricing(db, currency);
  return getAdminPricing(db, currency);
}
