import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { priceBreakdown, type PriceWords } from '../../../shared/price-breakdown';
import { DEFAULT_CURRENCY, isCurrency } from '../../../shared/plans';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { useLanguage } from '../../lib/i18n';
import { useLocalizedPricing } from '../../lib/content-text';
import { pricingQuery } from '../../lib/pricing-data';
import { planName, zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';
import { useBookerText } from './use-booker-text';

/**
 * The plan's and add-ons' names in the page's language (decision 0630): staff's translations come with the price list,
 * read only for a page not in English (the English names are the code's).
 */
function useItemNames(booking: BookerBooking, addOnsText: (types: readonly string[]) => string): { plan: string; addOns: string } {
  const language = useLanguage();
  const currency = isCurrency(booking.currency) ? booking.currency : DEFAULT_CURRENCY;
  const pricing = useQuery({ ...pricingQuery(currency), enabled: language !== DEFAULT_LANGUAGE });
  const translated = useLocalizedPricing(pricing.data ?? null);
  if (!translated) return { plan: planName(booking.plan_type), addOns: addOnsText(booking.add_ons) };
  const plan = translated.plans.find((p) => p.type === booking.plan_type)?.name ?? planName(booking.plan_type);
  const addOns = booking.add_ons.map((type) => translated.addons.find((a) => a.type === type)?.name ?? addOnsText([type]));
  return { plan, addOns: addOns.length > 0 ? addOns.join(', ') : addOnsText([]) };
}

/** What was booked and what it costs, as the booker sees it on both pages. */
export function BookingSummary({ booking }: { booking: BookerBooking }) {
  const { t, moneyLocale, when, addOns } = useBookerText();
  const words: PriceWords = {
    ...(moneyLocale ? { locale: moneyLocale } : {}),
    perPerson: (price, players) => t('perPersonLine', { price, players }),
    addOnsTotal: t('addOnsTotal'),
    listPrice: t('listPrice'),
    discount: (code) => (code ? t('discountWithCode', { code }) : t('discount')),
    priceAgreed: t('priceAgreed'),
    total: t('total'),
  };
  const names = useItemNames(booking, addOns);
  return (
    <dl className="divide-y divide-slate-100" data-testid="booking-summary">
      <Row label={t('when')}>{when(booking)}</Row>
      <Row label={t('timeZone')}>{zoneLabel(booking.timezone)}</Row>
      <Row label={t('calendar')}>
        <AddToCalendar code={booking.code} />
      </Row>
      <Row label={t('city')}>{booking.city}</Row>
      <Row label={t('players')}>{booking.players}</Row>
      <Row label={t('gameType')}>{names.plan}</Row>
      <Row label={t('addOns')}>{names.addOns}</Row>
      {/* The one breakdown (shared/price-breakdown.ts): per person × players, add-ons, the discount with its code, total. */}
      {priceBreakdown(booking, words).map((line) => (
        <Row key={line.kind} label={line.label}>
          <span data-testid={line.kind === 'total' ? 'total-price' : `price-${line.kind}`}>{line.text}</span>
        </Row>
      ))}
    </dl>
  );
}
