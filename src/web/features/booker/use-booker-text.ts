import type { BookerBooking } from '../../../shared/api/booking';
import { formatPence } from '../../../shared/money';
import { dayText } from '../../lib/day-text';
import { useLocale, useT } from '../../lib/i18n';
import { addOnNames, chickenText, money, whenText } from './booking-format';

type When = Pick<BookerBooking, 'date' | 'meeting_time' | 'timezone' | 'utcDateTime'>;

/**
 * The booker pages' words and figures in the reader's language (issue 38): the catalogue's `t`, and the page's
 * moments, days and amounts written for the reader's locale (English as the pages always wrote them).
 */
export function useBookerText() {
  const t = useT('booker');
  const { locale, moneyLocale } = useLocale();
  return {
    t,
    locale,
    moneyLocale,
    when: (b: When) => whenText(b, locale, t('notSet')),
    money: (amount: number, currency: string) => money(amount, currency, moneyLocale),
    pence: (pence: number, currency: string) => formatPence(pence, currency, moneyLocale),
    day: (iso: string, style: 'long' | 'short' = 'long') => dayText(iso, locale, style),
    addOns: (types: readonly string[]) => addOnNames(types, t('none')),
    chicken: (choice: string | null) =>
      chickenText(choice, { self: t('chickenSelf'), player: t('chickenPlayer'), team: t('chickenTeam'), undecided: t('chickenUndecided') }),
  };
}
