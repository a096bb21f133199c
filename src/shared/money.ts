import { z } from 'zod';
import type { Currency } from './plans';

const formatters = new Map<string, Intl.NumberFormat>();
// Each currency in the locale that writes its plain symbol (the spec's £, $ and €).
const LOCALE_BY_CURRENCY: Record<string, string> = { GBP: 'en-GB', USD: 'en-US', EUR: 'en-IE' };

function formatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency] ?? 'en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** £15 for whole amounts, £15.50 otherwise. */
export function formatMoney(amount: number, currency: Currency | string = 'GBP'): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return formatter(currency, whole ? 0 : 2).format(amount);
}

/** Payment amounts are stored in pence: always two decimals, e.g. 1234 → £12.34. */
export function formatPence(pence: number, currency: Currency | string = 'GBP'): string {
  return formatter(currency, 2).format(pence / 100);
}

/** The plain symbol of a currency as amounts are written (£, $, €); the code itself for others. */
export function currencySymbol(currency: Currency | string): string {
  return (
    formatter(currency, 0)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/** A price in whole currency units (as stored: 120.5) to minor units (pence, cents: 12050), the unit the ledger counts in. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
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

export const AMOUNT_MESSAGE = 'Please enter an amount greater than 0';

/** An amount field as staff type it (currency units, see parseMinorUnits), read as minor units; one message for any refusal. */
export const typedAmount = z.string().transform((text, ctx) => {
  const minor = parseMinorUnits(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
    return z.NEVER;
  }
  return minor;
});

/**
 * An amount in whole currency units as a JSON number (12.5, 19.99) to minor units, exactly: read from the number's
 * shortest decimal form, never multiplied as a float. Null for a negative amount or one with more than two decimals.
 */
export function exactMinorUnits(amount: number): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
