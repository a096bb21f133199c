import { formatMinor, unitsToMinor } from './money';

/** A booking's price as every answer carries it (whole currency units, at most two decimals) with its code. */
export type PriceFigures = {
  currency: string;
  players: number;
  price_per_person: number;
  add_ons_total: number;
  discount_total: number;
  total_price: number;
  discount_code?: string | null;
};

export type PriceLineKind = 'players' | 'add_ons' | 'list' | 'discount' | 'adjustment' | 'total';
/** One line of a breakdown: what it is, its label, its amount in minor units (a discount negative) and as shown. */
export type PriceLine = { kind: PriceLineKind; label: string; amountMinor: number; text: string };

/** An answer's amount in minor units, exactly (money.ts): the API answers at most two decimals (decision 0500). */
const minor = (amount: number) => Math.abs(unitsToMinor(amount) ?? Math.round(amount * 100));
const shown = (amountMinor: number, currency: string) => (amountMinor < 0 ? `−${formatMinor(-amountMinor, currency)}` : formatMinor(amountMinor, currency));

/**
 * The one breakdown of a booking's price (docs/decisions/0515), for every summary: the wizard, the booker page and its
 * game details, the confirmation and receipt mails, staff's booking page and the export. Price per person × players,
 * the add-ons, the list price and the discount with its code when there is one, and the total; the lines add up: a
 * total the rule does not explain (a quote's own lines, a concession) shows as "Price agreed after booking", the
 * invoice's own words for it (shared/commerce/invoices.ts), rather than a sum that is wrong.
 */
export function priceBreakdown(f: PriceFigures): PriceLine[] {
  const c = f.currency;
  const perPerson = minor(f.price_per_person);
  const playersMinor = perPerson * f.players;
  const addOns = minor(f.add_ons_total);
  const list = playersMinor + addOns;
  const discount = minor(f.discount_total);
  const total = minor(f.total_price);
  const adjustment = total - (list - discount);
  const line = (kind: PriceLineKind, label: string, amountMinor: number): PriceLine => ({ kind, label, amountMinor, text: shown(amountMinor, c) });
  const players = f.players === 1 ? '1 player' : `${f.players} players`;
  return [
    line('players', `${formatMinor(perPerson, c)} per person × ${players}`, playersMinor),
    line('add_ons', 'Add-ons total', addOns),
    ...(discount > 0 || adjustment !== 0 ? [line('list', 'List price', list)] : []),
    ...(discount > 0 ? [line('discount', f.discount_code ? `Discount (${f.discount_code})` : 'Discount', -discount)] : []),
    ...(adjustment !== 0 ? [line('adjustment', 'Price agreed after booking', adjustment)] : []),
    line('total', 'Total', total),
  ];
}

/** The breakdown as "label: amount" lines, for a plain-text mail or a CSV cell. */
export function priceBreakdownText(f: PriceFigures): string[] {
  return priceBreakdown(f).map((l) => `${l.label}: ${l.text}`);
}
