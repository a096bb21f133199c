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

/**
 * The breakdown's words in the reader's language (shared/i18n): the web and the mails pass their catalogue's; without
 * them, the English below (the spec's). `locale` writes the amounts for the reader.
 */
export type PriceWords = {
  locale?: string;
  perPerson: (price: string, players: number) => string;
  addOnsTotal: string;
  listPrice: string;
  discount: (code: string | null) => string;
  priceAgreed: string;
  total: string;
};

const ENGLISH: PriceWords = {
  perPerson: (price, players) => `${price} per person × ${players === 1 ? '1 player' : `${players} players`}`,
  addOnsTotal: 'Add-ons total',
  listPrice: 'List price',
  discount: (code) => (code ? `Discount (${code})` : 'Discount'),
  priceAgreed: 'Price agreed after booking',
  total: 'Total',
};

/** An answer's amount in minor units, exactly (money.ts): the API answers at most two decimals (decision 0500). */
const minor = (amount: number) => Math.abs(unitsToMinor(amount) ?? Math.round(amount * 100));
const shown = (amountMinor: number, currency: string, locale?: string) =>
  amountMinor < 0 ? `−${formatMinor(-amountMinor, currency, locale)}` : formatMinor(amountMinor, currency, locale);

/**
 * The one breakdown of a booking's price (docs/decisions/0515), for every summary: the wizard, the booker page and its
 * game details, the confirmation and receipt mails, staff's booking page and the export. Price per person × players,
 * the add-ons, the list price and the discount with its code when there is one, and the total; the lines add up: a
 * total the rule does not explain (a quote's own lines, a concession) shows as "Price agreed after booking", the
 * invoice's own words for it (shared/commerce/invoices.ts), rather than a sum that is wrong.
 */
export function priceBreakdown(f: PriceFigures, words: PriceWords = ENGLISH): PriceLine[] {
  const c = f.currency;
  const perPerson = minor(f.price_per_person);
  const playersMinor = perPerson * f.players;
  const addOns = minor(f.add_ons_total);
  const list = playersMinor + addOns;
  const discount = minor(f.discount_total);
  const total = minor(f.total_price);
  const adjustment = total - (list - discount);
  const { locale } = words;
  const line = (kind: PriceLineKind, label: string, amountMinor: number): PriceLine => ({ kind, label, amountMinor, text: shown(amountMinor, c, locale) });
  return [
    line('players', words.perPerson(formatMinor(perPerson, c, locale), f.players), playersMinor),
    line('add_ons', words.addOnsTotal, addOns),
    ...(discount > 0 || adjustment !== 0 ? [line('list', words.listPrice, list)] : []),
    ...(discount > 0 ? [line('discount', words.discount(f.discount_code ?? null), -discount)] : []),
    ...(adjustment !== 0 ? [line('adjustment', words.priceAgreed, adjustment)] : []),
    line('total', words.total, total),
  ];
}

/** The breakdown as "label: amount" lines, for a plain-text mail or a CSV cell. */
export function priceBreakdownText(f: PriceFigures, words?: PriceWords): string[] {
  return priceBreakdown(f, words).map((l) => `${l.label}: ${l.text}`);
}
