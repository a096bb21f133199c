import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { preparedPerSession } from '../../platform/db/prepared';
import { priceList } from './tables/pricing';
import { ADD_ON_TYPES, PLAN_TYPES, type AddOnType, type Currency, type PlanType } from '../../../shared/plans';
import { computeBookingPrice, type BookingPriceMinor, type Discount } from '../../../shared/prices';
import { computeQuotePrice, type QuoteLine, type QuotePriceMinor } from '../../../shared/proposals';
import { ValidationError } from '../../platform/errors';

/** Prices in minor units (decision 0500). */
export type ItemPrice = { priceMinor: number; salePriceMinor: number | null; isActive: boolean; sortOrder: number };
export type PriceTable = { currency: Currency; plans: Map<PlanType, ItemPrice>; addons: Map<AddOnType, ItemPrice> };

/** One currency's list in its order: built once per session (decision 0600), as every booking reads it. */
const listOf = preparedPerSession((db) =>
  db
    .select()
    .from(priceList)
    .where(eq(priceList.currency, sql.placeholder('currency')))
    .orderBy(asc(priceList.sortOrder))
    .prepare('price_list_of_currency'),
);

export async function loadPriceTable(db: DbOrTx, currency: Currency): Promise<PriceTable> {
  const rows = await listOf(db).execute({ currency });
  const table: PriceTable = { currency, plans: new Map(), addons: new Map() };
  for (const row of rows) {
    const item = { priceMinor: row.priceMinor, salePriceMinor: row.salePriceMinor, isActive: row.isActive, sortOrder: row.sortOrder };
    const plan = PLAN_TYPES.find((p) => p === row.itemType);
    const addon = ADD_ON_TYPES.find((a) => a === row.itemType);
    if (row.itemKind === 'plan' && plan) table.plans.set(plan, item);
    if (row.itemKind === 'addon' && addon) table.addons.set(addon, item);
  }
  return table;
}

/** What the booker pays per person (minor units): the sale price when one is set. */
export function effectivePriceMinor(item: ItemPrice): number {
  return item.salePriceMinor ?? item.priceMinor;
}

/** Prices a booking from the stored price list; the client's own figures are never trusted. */
export function priceBooking(
  table: PriceTable,
  input: { planType: PlanType; addOns: readonly AddOnType[]; players: number; discount?: Discount | null },
): BookingPriceMinor {
  const plan = table.plans.get(input.planType);
  if (!plan || !plan.isActive) throw ValidationError.field('plan_type', 'This game type is not available.');
  const addOnPrices = input.addOns.map((type) => {
    const addon = table.addons.get(type);
    if (!addon || !addon.isActive) throw ValidationError.field('add_ons', 'This add-on is not available.');
    return effectivePriceMinor(addon);
  });
  return computeBookingPrice({
    players: input.players,
    pricePerPersonMinor: effectivePriceMinor(plan),
    addOnPricesMinor: addOnPrices,
    discount: input.discount ?? null,
  });
}

/** Prices a quote (a proposal) from the stored price list with the one quote rule (shared/proposals.ts). */
export function priceQuote(
  table: PriceTable,
  input: { planType: PlanType; addOns: readonly AddOnType[]; players: number; lines: readonly QuoteLine[] },
): QuotePriceMinor {
  const base = priceBooking(table, input);
  const addOnPrices = input.addOns.map((type) => {
    const addon = table.addons.get(type);
    return addon ? effectivePriceMinor(addon) : 0;
  });
  return computeQuotePrice({ players: input.players, pricePerPersonMinor: base.pricePerPersonMinor, addOnPricesMinor: addOnPrices, lines: input.lines });
}

/** One item of the price list as staff set it, in minor units; `salePriceMinor` and `isActive` left undefined keep what is stored. */
export type PriceChange = { kind: 'plan' | 'addon'; type: PlanType | AddOnType; priceMinor: number; salePriceMinor?: number | null; isActive?: boolean };

/**
 * Sets items of a currency's price list (docs/decisions/0515). A booking stores its own prices when it is made, so a
 * change reaches bookings made after it only. An item the list lacks is added at the end.
 */
export async function savePriceChanges(tx: DbOrTx, currency: Currency, changes: readonly PriceChange[], now: Date): Promise<void> {
  for (const [i, change] of changes.entries()) {
    const set = {
      priceMinor: change.priceMinor,
      ...(change.salePriceMinor !== undefined ? { salePriceMinor: change.salePriceMinor } : {}),
      ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
      updatedAt: now,
    };
    await tx
      .insert(priceList)
      .values({ currency, itemKind: change.kind, itemType: change.type, sortOrder: 100 + i, isActive: true, salePriceMinor: null, ...set })
      .onConflictDoUpdate({ target: [priceList.currency, priceList.itemKind, priceList.itemType], set });
  }
}
