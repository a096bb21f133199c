import type { AdminBooking } from '../../../shared/api/booking';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { formatTimestamp } from '../../../shared/time';
import { Field, Section } from './ui';

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
        <Field label="Plan">{planName(booking.plan_type)}</Field>
        <Field label="Type">{booking.hosted ? 'Hosted' : 'Standard'}</Field>
        <Field label="Duration">{booking.duration} min</Field>
        <Field label="Price per person">{money(booking.price_per_person)}</Field>
        <Field label="Add-ons">{addOnNames(booking.add_ons)}</Field>
        <Field label="Add-ons total">{money(booking.add_ons_total)}</Field>
        <Field label="Total price">
          <strong>{money(booking.total_price)}</strong>
        </Field>
      </dl>
      <h3 className="mb-1 mt-4 text-sm font-semibold">Pricing history</h3>
      {booking.pricing_history.length === 0 ? (
        <p className="text-sm text-slate-500">No pricing changes recorded</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">When</th>
              <th>Plan</th>
              <th>Per person</th>
              <th>Players</th>
              <th>Add-ons</th>
              <th className="text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {booking.pricing_history.map((entry, i) => (
              <tr key={`${entry.timestamp}-${i}`} className="border-t border-slate-100">
                <td className="py-1">{formatTimestamp(entry.timestamp, booking.timezone)}</td>
                <td>{planName(entry.plan_type)}</td>
                <td>{money(entry.price_per_person)}</td>
                <td>{entry.players}</td>
                <td>{addOnNames(entry.add_ons)}</td>
                <td className="text-right">{money(entry.total_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
