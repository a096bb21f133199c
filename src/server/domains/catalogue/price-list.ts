import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { priceList } from './tables/pricing';
import { ADD_ON_TYPES, PLAN_TYPES, type AddOnType, type Currency, type PlanType } from '../../../shared/plans';
import { computeBookingPrice, type BookingPrice, type Discount } from '../../../shared/prices';
import { computeQuotePrice, type QuoteLine, type QuotePrice } from '../../../shared/proposals';
import { ValidationError } from '../../platform/errors';

export type ItemPrice = { price: number; salePrice: number | null; isActive: boolean; sortOrder: number };
export type PriceTable = { currency: Currency; plans: Map<PlanType, ItemPrice>; addons: Map<AddOnType, ItemPrice> };

export async function loadPriceTable(db: DbOrTx, currency: Currency): Promise<PriceTable> {
  const rows = await db.select().from(priceList).where(eq(priceList.currency, currency)).orderBy(asc(priceList.sortOrder));
  const table: PriceTable = { currency, plans: new Map(), addons: new Map() };
  for (const row of rows) {
    const item = { price: row.price, salePrice: row.salePrice, isActive: row.isActive, sortOrder: row.sortOrder };
    const plan = PLAN_TYPES.find((p) => p === row.itemType);
    const addon = ADD_ON_TYPES.find((a) => a === row.itemType);
    if (row.itemKind === 'plan' && plan) table.plans.set(plan, item);
    if (row.itemKind === 'addon' && addon) table.addons.set(addon, item);
  }
  return table;
}

/** What the booker pays per person: the sale price when one is set. */
export function effectivePrice(item: ItemPrice): number {
  return item.salePrice ?? item.price;
}

/** Prices a booking from the stored price list; the client's own figures are never trusted. */
export function priceBooking(
  table: PriceTable,
  input: { planType: PlanType; addOns: readonly AddOnType[]; players: number; discount?: Discount | null },
): BookingPrice {
  const plan = table.plans.get(input.planType);
  if (!plan || !plan.isActive) throw ValidationError.field('plan_type', 'This game type is not available.');
  const addOnPrices = input.addOns.map((type) => {
    const addon = table.addons.get(type);
    if (!addon || !addon.isActive) throw ValidationError.field('add_ons', 'This add-on is not available.');
    return effectivePrice(addon);
  });
  return computeBookingPrice({ players: input.players, pricePerPerson: effectivePrice(plan), addOnPrices, discount: input.discount ?? null });
}

/** Prices a quote (a proposal) from the stored price list with the one quote rule (shared/proposals.ts). */
export function priceQuote(
  table: PriceTable,
  input: { planType: PlanType; addOns: readonly AddOnType[]; players: number; lines: readonly QuoteLine[] },
): QuotePrice {
  const base = priceBooking(table, input);
  const addOnPrices = input.addOns.map((type) => {
    const addon = table.addons.get(type);
    return addon ? effectivePrice(addon) : 0;
  });
  return computeQuotePrice({ players: input.players, pricePerPerson: base.price_per_person, addOnPrices, lines: input.lines });
}

/** One item of the price list as staff set it, in minor units; `salePrice` and `isActive` left undefined keep what is stored. */
export type PriceChange = { kind: 'plan' | 'addon'; type: PlanType | AddOnType; price: number; salePrice?: number | null; isActive?: boolean };

/** The column's unit (whole currency units, two decimals) from minor units: the one place the price list converts. */
const toColumn = (minor: number) => minor / 100;

/**
 * Sets items of a currency's price list (docs/decisions/0515). A booking stores its own prices when it is made, so a
 * change reaches bookings made after it only. An item the list lacks is added at the end.
 */
export async function savePriceChanges(tx: DbOrTx, currency: Currency, changes: readonly PriceChange[], now: Date): Promise<void> {
  for (const [i, change] of changes.entries()) {
    const set = {
      price: toColumn(change.price),
      ...(change.salePrice !== undefined ? { salePrice: change.salePrice === null ? null : toColumn(change.salePrice) } : {}),
      ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
      updatedAt: now,
    };
    await tx
      .insert(priceList)
      .values({ currency, itemKind: change.kind, itemType: change.type, sortOrder: 100 + i, isActive: true, salePrice: null, ...set })
      .onConflictDoUpdate({ target: [priceList.currency, priceList.itemKind, priceList.itemType], set });
  }
}
