import type { AdminBooking } from '../../../shared/api/booking';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { formatTimestamp } from '../../../shared/time';
import { priceBreakdown } from '../../../shared/price-breakdown';
import { Section, Table } from '../../components/ui';
import { Info } from './ui';

const planName = (type: string) => PLANS.find((p) => p.type === type)?.name ?? type;
const addOnName = (type: string) => ADD_ONS.find((a) => a.type === type)?.name ?? type;
const addOnNames = (addOns: readonly unknown[]) =>
  addOns
    .map((a) => (typeof a === 'string' ? a : a && typeof a === 'object' && 'type' in a && typeof a.type === 'string' ? a.type : ''))
    .filter(Boolean)
    .map(addOnName)
    .join(', ') || 'None';

export function PlanPricingSection({ booking }: { booking: AdminBooking }) {
  const money = (n: number) => formatMoney(n, booking.currency);
  return (
    <Section title="Plan and Pricing" id="plan">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Info label="Plan">{planName(booking.plan_type)}</Info>
        <Info label="Type">{booking.hosted ? 'Hosted' : 'Standard'}</Info>
        <Info label="Duration">{booking.duration} min</Info>
        <Info label="Price per person">{money(booking.price_per_person)}</Info>
        <Info label="Add-ons">{addOnNames(booking.add_ons)}</Info>
      </dl>
      {/* The one breakdown (shared/price-breakdown.ts): the booker's mails and pages show the same lines. */}
      <dl className="mt-3 max-w-md divide-y divide-slate-100 text-sm" aria-label="Price breakdown" data-testid="price-breakdown">
        {priceBreakdown(booking).map((line) => (
          <div key={line.kind} className="flex justify-between gap-4 py-1">
            <dt className="text-slate-600">{line.kind === 'total' ? 'Total price' : line.label}</dt>
            <dd className={line.kind === 'total' ? 'font-semibold text-slate-900' : 'text-slate-900'}>{line.text}</dd>
          </div>
        ))}
      </dl>
      <h3 id="pricing-history-title" className="mb-1 mt-4 text-sm font-semibold">
        Pricing history
      </h3>
      {booking.pricing_history.length === 0 ? (
        <p className="text-sm text-slate-500">No pricing changes recorded</p>
      ) : (
        // A narrow column scrolls the table sideways: the region takes the focus so the keyboard can scroll it too.
        <div className="overflow-x-auto" role="region" aria-labelledby="pricing-history-title" tabIndex={0}>
          <Table look="plain" className="border-collapse" aria-labelledby="pricing-history-title">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Per person
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Players
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Add-ons
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Total
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
                  <td className="py-2 pr-4">{addOnNames(entry.add_ons)}</td>
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
