import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '../../../shared/api/admin-booking-detail';
import { currencySymbol, formatMoney, formatPence, parseMinorUnits } from '../../../shared/money';
import { amountDue, isVoided, netPaid, paymentRemaining } from '../../../shared/payments';
import { formatTimestamp } from '../../../shared/time';
import { notifyError } from '../../lib/toast';
import { CorrectionDialog, paymentTypeLabel, RecordPaymentDialog, type Correcting } from './payment-dialogs';
import { Badge, buttonClass, inputClass, labelClass, Section } from '../../components/ui';

type Entry = AdminBooking['booking_payments'][number];

function entryLabel(entry: Entry): string {
  if (entry.kind === 'void') return `Void of #${entry.corrects_payment_id ?? ''}`;
  if (entry.kind === 'refund') return `Refund of #${entry.corrects_payment_id ?? ''} (${paymentTypeLabel(entry.payment_type)})`;
  return paymentTypeLabel(entry.payment_type);
}

/**
 * The booking's payment ledger in its own currency: payments, and the voids and refunds that correct them
 * (never edited or deleted), with who recorded each and when. Recording asks for confirmation first.
 */
export function PaymentsSection({ booking }: { booking: AdminBooking }) {
  const currency = booking.currency;
  const entries = booking.booking_payments;
  const [type, setType] = useState<string>('card');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const net = netPaid(entries);
  const due = amountDue(booking.total_price, entries);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const minor = parseMinorUnits(amount);
    if (minor === null) {
      notifyError('Please enter an amount greater than 0');
      return;
    }
    setPending(minor);
  }

  return (
    <Section title="Payment History" id="payments">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">No payments recorded</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mb-2 w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th className="py-1 pr-2">#</th>
                <th className="pr-2">Date</th>
                <th className="pr-2">Entry</th>
                <th className="pr-2">Recorded by</th>
                <th className="pr-2 text-right">Amount</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const voided = e.kind === 'payment' && isVoided(entries, e.id);
                const left = e.kind === 'payment' ? paymentRemaining(entries, e.id) : 0;
                return (
                  <tr key={e.id} className="border-t border-slate-100 align-top" data-testid={`payment-${e.id}`}>
                    <td className="py-1 pr-2 text-slate-500">{e.id}</td>
                    <td className="pr-2">{formatTimestamp(e.created_at, booking.timezone)}</td>
                    <td className="pr-2">
                      {entryLabel(e)} {voided ? <Badge tone="red">Voided</Badge> : null}
                      {e.reason ? <span className="block text-xs text-slate-600">Reason: {e.reason}</span> : null}
                    </td>
                    <td className="pr-2">{e.recorded_by_name ?? '—'}</td>
                    <td className={`pr-2 text-right ${e.payment_amount < 0 ? 'text-red-700' : ''}`}>{formatPence(e.payment_amount, e.currency)}</td>
                    <td className="whitespace-nowrap text-right">
                      {e.kind === 'payment' && !voided && left > 0 ? (
                        <>
                          <button type="button" className="text-sm text-brand-700 underline" aria-label={`Void payment #${e.id}`} onClick={() => setCorrecting({ kind: 'void', payment: e, left })}>
                            Void
                          </button>{' '}
                          <button type="button" className="text-sm text-brand-700 underline" aria-label={`Refund payment #${e.id}`} onClick={() => setCorrecting({ kind: 'refund', payment: e, left })}>
                            Refund
                          </button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Total price</dt>
          <dd>{formatMoney(booking.total_price, currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Paid (net)</dt>
          <dd className="font-semibold" data-testid="payments-total">
            {formatPence(net, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Still due</dt>
          <dd data-testid="payments-due">{formatPence(due, currency)}</dd>
        </div>
      </dl>
      <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4" aria-label="Record a payment">
        <div>
          <label htmlFor="detail-payment-type" className={labelClass()}>
            Payment type
          </label>
          <select id="detail-payment-type" className={inputClass()} value={type} onChange={(e) => setType(e.target.value)}>
            {PAYMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {PAYMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="detail-payment-amount" className={labelClass()}>
            Amount ({currencySymbol(currency)})
          </label>
          <input id="detail-payment-amount" inputMode="decimal" className={inputClass()} value={amount} placeholder="0.00" onChange={(e) => setAmount(e.target.value)} />
        </div>
        <button type="submit" className={buttonClass('primary')}>
          Record Payment
        </button>
      </form>
      {pending !== null ? (
        <RecordPaymentDialog
          booking={booking}
          paymentType={type}
          amount={pending}
          due={due}
          net={net}
          onClose={(recorded) => {
            setPending(null);
            if (recorded) setAmount('');
          }}
        />
      ) : null}
      {correcting ? <CorrectionDialog booking={booking} correcting={correcting} net={net} onClose={() => setCorrecting(null)} /> : null}
    </Section>
  );
}
