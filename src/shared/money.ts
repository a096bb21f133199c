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
