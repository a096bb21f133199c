import type { Currency } from './plans';

const formatters = new Map<string, Intl.NumberFormat>();
// Each currency in the locale that writes its plain symbol (the spec's £, $ and €).
const LOCALE_BY_CURRENCY: Record<string, string> = { GBP: 'en-GB', USD: 'en-US', EUR: 'en-IE' };

/**
 * `locale` is the reader's (shared/i18n, decision 0590): 15,50 £ for a German reader. Without one (English), each
 * currency is written the spec's way.
 */
function formatter(currency: string, fractionDigits: number, locale?: string): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}:${locale ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale && !locale.startsWith('en') ? locale : (LOCALE_BY_CURRENCY[currency] ?? 'en-GB'), {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** £15 for whole amounts, £15.50 otherwise (whole currency units, as the API answers them). */
export function formatMoney(amount: number, currency: Currency | string = 'GBP', locale?: string): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return formatter(currency, whole ? 0 : 2, locale).format(amount);
}

/** Minor units (every stored amount) with two decimals, e.g. 1234 → £12.34. */
export function formatPence(pence: number, currency: Currency | string = 'GBP', locale?: string): string {
  return formatter(currency, 2, locale).format(minorToUnits(pence));
}

/** The plain symbol of a currency as amounts are written (£, $, €); the code itself for others. */
export function currencySymbol(currency: Currency | string): string {
  return (
    formatter(currency, 0)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/**
 * Money is whole minor units (pence, cents) everywhere underneath (decision 0500): the database, the price rule, the
 * ledger, invoices. The API's answers and requests keep the spec's whole currency units with up to two decimals; these
 * two functions are the only crossing between the two, and both are exact.
 */

/** Minor units to the API's whole currency units: 913 → 9.13 (the nearest double, which JSON writes as 9.13). */
export function minorToUnits(minor: number): number {
  assertMinor(minor);
  return minor / 100;
}

/**
 * The API's whole currency units to minor units, exactly: 1.45 → 145 (never 144.99999…). Read from the number's own
 * decimal text, so no float product is rounded; null for anything with more than two decimals, not finite, or beyond
 * safe integers.
 */
export function unitsToMinor(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match?.[2]) return null;
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return match[1] ? -minor : minor;
}

/** unitsToMinor for an amount already known to have at most two decimals (a validated request field); throws otherwise. */
export function toMinorUnits(amount: number): number {
  const minor = unitsToMinor(amount);
  if (minor === null) throw new Error(`Not an amount of at most two decimals: ${amount}`);
  return minor;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new Error(`Money must be whole minor units, got ${minor}`);
}

/**
 * The one rounding rule for a share of an amount (decision 0500): `minor` × `percent` % rounded half-up (half away from
 * zero) to the minor unit, in integer arithmetic only. The percentage may have two decimals (12.5 %); it is taken in
 * basis points so nothing is a float. 1015 at 10 % → 102 (101.5 goes up); 2010 at 5 % → 101 (100.5 goes up).
 */
export function percentOf(minor: number, percent: number): number {
  assertMinor(minor);
  const bp = unitsToMinor(percent);
  if (bp === null) throw new Error(`A percentage has at most two decimals, got ${percent}`);
  return shareOf(minor, bp, 10_000);
}

/**
 * `minor` × numerator / denominator rounded half away from zero, in integers: floor((2·a·n + d) / 2d). BigInt when the
 * product would leave the safe integers, so no amount is ever rounded by the float unit.
 */
export function shareOf(minor: number, numerator: number, denominator: number): number {
  assertMinor(minor);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0 || numerator < 0) {
    throw new Error(`Bad share ${numerator}/${denominator}`);
  }
  const sign = minor < 0 ? -1 : 1;
  const abs = Math.abs(minor);
  const product = 2 * abs * numerator + denominator;
  const share = Number.isSafeInteger(product)
    ? Math.floor(product / (2 * denominator))
    : Number((2n * BigInt(abs) * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator)));
  return share === 0 ? 0 : sign * share;
}

/**
 * An amount typed by staff in whole units of a currency ('120', '120.5', '£1,200.00', '$45') to minor
 * units (pence, cents); null unless a positive amount with at most two decimals, up to 1,000,000.
 */
export function parseMinorUnits(text: string): number | null {
  const match = /^\s*[£$€]?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match?.[1]) return null;
  const minor = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 && minor <= 100_000_000 ? minor : null;
}

/** Minor units as a plain signed decimal with two places ('-12.50', '9.13'), by integer and string steps only. */
export function minorToDecimalText(minor: number): string {
  assertMinor(minor);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units as a price is shown: £15 when whole, £15.50 otherwise. */
export function formatMinor(minor: number, currency: Currency | string = 'GBP', locale?: string): string {
  assertMinor(minor);
  return formatter(currency, minor % 100 === 0 ? 0 : 2, locale).format(minor / 100);
}

export const AMOUNT_MESSAGE = 'Please enter an amount greater than 0';

/**
 * An amount in whole currency units as a JSON number (12.5, 19.99) to minor units, exactly: read from the number's
 * shortest decimal form, never multiplied as a float. Null for a negative amount or one with more than two decimals.
 */
export function exactMinorUnits(amount: number): number | null {
  const minor = amount >= 0 ? unitsToMinor(amount) : null;
  return minor !== null && minor < 100_000_000_000 ? minor : null;
}
