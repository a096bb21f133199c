import { formatMoney } from '../../../shared/money';
import { useLocale } from '../../lib/i18n';

/**
 * An amount of the price list as the reader writes it: the server's own text in English (the spec's £15), else the
 * amount through Intl in the reader's locale (15 £ in German), by shared/money.ts's one formatter.
 */
export function useMoneyText(currency: string): (amount: number | undefined, english: string | undefined) => string {
  const { moneyLocale } = useLocale();
  return (amount, english) => (moneyLocale === undefined || amount === undefined ? (english ?? '') : formatMoney(amount, currency, moneyLocale));
}
