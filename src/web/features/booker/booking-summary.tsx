import type { BookerBooking } from '../../../shared/api/booking';
import { priceBreakdown, type PriceWords } from '../../../shared/price-breakdown';
import { planName, zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';
import { useBookerText } from './use-booker-text';

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
  return (
    <dl className="divide-y divide-slate-100" data-testid="booking-summary">
      <Row label={t('when')}>{when(booking)}</Row>
      <Row label={t('timeZone')}>{zoneLabel(booking.timezone)}</Row>
      <Row label={t('calendar')}>
        <AddToCalendar code={booking.code} />
      </Row>
      <Row label={t('city')}>{booking.city}</Row>
      <Row label={t('players')}>{booking.players}</Row>
      <Row label={t('gameType')}>{planName(booking.plan_type)}</Row>
      <Row label={t('addOns')}>{addOns(booking.add_ons)}</Row>
      {/* The one breakdown (shared/price-breakdown.ts): per person × players, add-ons, the discount with its code, total. */}
      {priceBreakdown(booking, words).map((line) => (
        <Row key={line.kind} label={line.label}>
          <span data-testid={line.kind === 'total' ? 'total-price' : `price-${line.kind}`}>{line.text}</span>
        </Row>
      ))}
    </dl>
  );
}
