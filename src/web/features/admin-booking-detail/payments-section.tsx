import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '../../../shared/api/admin-booking-detail';
import { formatPence } from '../../../shared/money';
import { formatTimestamp } from '../../../shared/time';
import { notifyError } from '../../lib/toast';
import { detailCalls, useDetailAction } from './detail-api';
import { poundsToPence } from './pounds';
import { inputClass, labelClass, primaryButton, Section } from './ui';

const typeLabel = (type: string) => (type in PAYMENT_TYPE_LABELS ? PAYMENT_TYPE_LABELS[type as keyof typeof PAYMENT_TYPE_LABELS] : type);

export function PaymentsSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [type, setType] = useState<string>('card');
  const [amount, setAmount] = useState('');
  const [saving, setSaving] = useState(false);
  const total = booking.booking_payments.reduce((sum, p) => sum + p.payment_amount, 0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const pence = poundsToPence(amount);
    if (pence === null) {
      notifyError('Please enter an amount greater than 0');
      return;
    }
    setSaving(true);
    const done = await run(() => detailCalls.recordPayment(booking, type, pence), {
      success: 'Payment recorded successfully',
      failure: 'Failed to record payment',
      bookingOf: (b) => b,
    });
    setSaving(false);
    if (done) setAmount('');
  }

  return (
    <Section title="Payment History" id="payments">
      {booking.booking_payments.length === 0 ? (
        <p className="text-sm text-slate-500">No payments recorded</p>
      ) : (
        <table className="mb-2 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">Date</th>
              <th>Type</th>
              <th className="text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {booking.booking_payments.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="py-1">{formatTimestamp(p.created_at, booking.timezone)}</td>
                <td>{typeLabel(p.payment_type)}</td>
                <td className="text-right">{formatPence(p.payment_amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-300 font-semibold">
              <td className="py-1" colSpan={2}>
                Total paid
              </td>
              <td className="text-right" data-testid="payments-total">
                {formatPence(total)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <form onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4" aria-label="Record a payment">
        <div>
          <label htmlFor="detail-payment-type" className={labelClass}>
            Payment type
          </label>
          <select id="detail-payment-type" className={inputClass} value={type} onChange={(e) => setType(e.target.value)}>
            {PAYMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {PAYMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="detail-payment-amount" className={labelClass}>
            Amount (£)
          </label>
          <input id="detail-payment-amount" inputMode="decimal" className={inputClass} value={amount} placeholder="0.00" onChange={(e) => setAmount(e.target.value)} />
        </div>
        <button type="submit" className={primaryButton} disabled={saving}>
          Record Payment
        </button>
      </form>
    </Section>
  );
}
