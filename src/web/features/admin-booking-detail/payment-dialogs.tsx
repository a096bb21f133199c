import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { PAYMENT_TYPE_LABELS, refundTooHighMessage } from '../../../shared/api/admin-booking-detail';
import { currencySymbol, formatMoney, formatPence, parseMinorUnits } from '../../../shared/money';
import { formatTimestamp } from '../../../shared/time';
import { buttonClass, Dialog, inputClass, labelClass } from '../../components/ui';
import { detailCalls, useDetailAction } from './detail-api';

type Entry = AdminBooking['booking_payments'][number];
export type Correcting = { kind: 'void' | 'refund'; payment: Entry; left: number };

export const paymentTypeLabel = (type: string) => (type in PAYMENT_TYPE_LABELS ? PAYMENT_TYPE_LABELS[type as keyof typeof PAYMENT_TYPE_LABELS] : type);

const UNPAID_NOTE =
  'Nothing will be paid on this booking any more: it goes back to lead (unpaid) unless its game has already started. Its game and code are kept.';

/** Every payment is confirmed, in the booking's currency; more than is still due needs an explicit tick. */
export function RecordPaymentDialog(props: { booking: AdminBooking; paymentType: string; amount: number; due: number; net: number; onClose: (recorded: boolean) => void }) {
  const { booking, paymentType, amount, due, net, onClose } = props;
  const run = useDetailAction(booking.id);
  const [overConfirmed, setOverConfirmed] = useState(false);
  const [saving, setSaving] = useState(false);
  const currency = booking.currency;
  const over = amount > due;
  const checkId = useId();

  async function confirm() {
    setSaving(true);
    const done = await run(() => detailCalls.recordPayment(booking, paymentType, amount), {
      success: 'Payment recorded successfully',
      failure: 'Failed to record payment',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    setSaving(false);
    onClose(done !== undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title="Confirm payment"
      size="md"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" className={over ? buttonClass('danger') : buttonClass('primary')} disabled={saving || (over && !overConfirmed)} onClick={() => void confirm()}>
            Record {formatPence(amount, currency)}
          </button>
        </>
      }
    >
      <p>
        Record a <strong>{paymentTypeLabel(paymentType)}</strong> payment of <strong data-testid="confirm-amount">{formatPence(amount, currency)}</strong> for booking{' '}
        {booking.code}?
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Total price</dt>
          <dd>{formatMoney(booking.total_price, currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Paid so far</dt>
          <dd>{formatPence(net, currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Still due</dt>
          <dd>{formatPence(due, currency)}</dd>
        </div>
      </dl>
      {over ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">
            This is {formatPence(amount - due, currency)} more than the {formatPence(due, currency)} still due.
          </p>
          <p className="mt-1">Check the amount: a payment can be voided or refunded later, but never deleted.</p>
          <label htmlFor={checkId} className="mt-2 flex items-center gap-2">
            <input id={checkId} type="checkbox" checked={overConfirmed} onChange={(e) => setOverConfirmed(e.target.checked)} />
            Yes, record more than is due
          </label>
        </div>
      ) : null}
    </Dialog>
  );
}

/** Voids (all that is left) or refunds (up to that) one payment, with a reason; both are new entries. */
export function CorrectionDialog({ booking, correcting, net, onClose }: { booking: AdminBooking; correcting: Correcting; net: number; onClose: () => void }) {
  const run = useDetailAction(booking.id);
  const { kind, payment, left } = correcting;
  const currency = payment.currency;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const isVoid = kind === 'void';
  const refund = isVoid ? left : parseMinorUnits(amount);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refund === null) return setProblem('Please enter an amount greater than 0');
    if (refund > left) return setProblem(refundTooHighMessage(formatPence(left, currency)));
    if (!reason.trim()) return setProblem('Please enter a reason');
    setProblem(null);
    setSaving(true);
    const done = await run(() => (isVoid ? detailCalls.voidPayment(booking, payment.id, reason.trim()) : detailCalls.refundPayment(booking, payment.id, refund, reason.trim())), {
      success: isVoid ? 'Payment voided successfully' : 'Refund recorded successfully',
      failure: isVoid ? 'Failed to void payment' : 'Failed to record refund',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={isVoid ? 'Void payment' : 'Refund payment'}
      size="md"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass('danger')} disabled={saving}>
            {isVoid ? 'Void payment' : 'Record refund'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
        <p>
          {isVoid ? 'Void' : 'Refund'} payment #{payment.id}: {paymentTypeLabel(payment.payment_type)}, {formatPence(payment.payment_amount, currency)} on{' '}
          {formatTimestamp(payment.created_at, booking.timezone)} ({formatPence(left, currency)} left of it).
        </p>
        <p className="text-sm text-slate-600">
          {isVoid
            ? 'Use this for a payment recorded by mistake. It stays in the history, with a void entry that takes it back.'
            : 'Use this when money was returned to the booker. It is recorded as its own entry.'}
        </p>
        {!isVoid ? (
          <div>
            <label htmlFor={`${formId}-amount`} className={labelClass()}>
              Refund amount ({currencySymbol(currency)})
            </label>
            <input id={`${formId}-amount`} inputMode="decimal" className={inputClass()} value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
        ) : null}
        <div>
          <label htmlFor={`${formId}-reason`} className={labelClass()}>
            Reason
          </label>
          <textarea id={`${formId}-reason`} className={inputClass()} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {refund !== null && refund <= left && net - refund <= 0 ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {UNPAID_NOTE}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
