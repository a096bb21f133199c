import type { AdminBooking } from '../../../shared/api/booking';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { formatTimestamp } from '../../../shared/time';
import { priceBreakdown, type PriceWords } from '../../../shared/price-breakdown';
import { Section, Table } from '../../components/ui';
import { Info } from './ui';
import { useLocale, useT } from '../../lib/i18n';

// Plan and add-on names are the price list's (decision 0591: names staff keep), not the page's words.
const planName = (type: string) => PLANS.find((p) => p.type === type)?.name ?? type;
const addOnName = (type: string) => ADD_ONS.find((a) => a.type === type)?.name ?? type;
const addOnNames = (addOns: readonly unknown[]) =>
  addOns
    .map((a) => (typeof a === 'string' ? a : a && typeof a === 'object' && 'type' in a && typeof a.type === 'string' ? a.type : ''))
    .filter(Boolean)
    .map(addOnName)
    .join(', ');

export function PlanPricingSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const { moneyLocale } = useLocale();
  const money = (n: number) => formatMoney(n, booking.currency, moneyLocale);
  const addOnsText = (addOns: readonly unknown[]) => addOnNames(addOns) || t('plan.none');
  const words: PriceWords = {
    ...(moneyLocale ? { locale: moneyLocale } : {}),
    perPerson: (price, players) => t('plan.perPersonLine', { price, players }),
    addOnsTotal: t('plan.addOnsTotal'),
    listPrice: t('plan.listPrice'),
    discount: (code) => (code ? t('plan.discountWithCode', { code }) : t('plan.discount')),
    priceAgreed: t('plan.priceAgreed'),
    total: t('plan.total'),
  };
  return (
    <Section title={t('plan.title')} id="plan">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Info label={t('plan.plan')}>{planName(booking.plan_type)}</Info>
        <Info label={t('plan.type')}>{booking.hosted ? t('plan.hosted') : t('plan.standard')}</Info>
        <Info label={t('plan.duration')}>{t('plan.minutes', { minutes: String(booking.duration) })}</Info>
        <Info label={t('plan.pricePerPerson')}>{money(booking.price_per_person)}</Info>
        <Info label={t('plan.addOns')}>{addOnsText(booking.add_ons)}</Info>
      </dl>
      {/* The one breakdown (shared/price-breakdown.ts): the booker's mails and pages show the same lines. */}
      <dl className="mt-3 max-w-md divide-y divide-slate-100 text-sm" aria-label={t('plan.breakdown')} data-testid="price-breakdown">
        {priceBreakdown(booking, words).map((line) => (
          <div key={line.kind} className="flex justify-between gap-4 py-1">
            <dt className="text-slate-600">{line.kind === 'total' ? t('payments.totalPrice') : line.label}</dt>
            <dd className={line.kind === 'total' ? 'font-semibold text-slate-900' : 'text-slate-900'}>{line.text}</dd>
          </div>
        ))}
      </dl>
      <h3 id="pricing-history-title" className="mb-1 mt-4 text-sm font-semibold">
        {t('plan.history')}
      </h3>
      {booking.pricing_history.length === 0 ? (
        <p className="text-sm text-slate-500">{t('plan.noHistory')}</p>
      ) : (
        // A narrow column scrolls the table sideways: the region takes the focus so the keyboard can scroll it too.
        <div className="overflow-x-auto" role="region" aria-labelledby="pricing-history-title" tabIndex={0}>
          <Table look="plain" className="border-collapse" aria-labelledby="pricing-history-title">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('plan.colWhen')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('plan.plan')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {t('plan.colPerPerson')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {t('bookings.colPlayers')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('plan.addOns')}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t('plan.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {booking.pricing_history.map((entry, i) => (
                <tr key={`${entry.timestamp}-${i}`} className="border-t border-slate-100 tabular-nums">
                  <td className="whitespace-nowrap py-2 pr-4">{formatTimestamp(entry.timestamp, booking.timezone)}</td>
                  <td className="py-2 pr-4">{planName(entry.plan_type)}</td>
                  <td className="py-2 pr-4 text-right">{money(entry.price_per_person)}</td>
                  <td className="py-2 pr-4 text-right">{entry.players}</td>
                  <td className="py-2 pr-4">{addOnsText(entry.add_ons)}</td>
                  <td className="py-2 text-right">{money(entry.total_price)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Section>
  );
}
