import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES, paymentTypeLabel, REFUND_PURPOSE_LABELS, refundPaymentBody, refundTooHighMessage } from '../../../shared/api/admin-booking-detail';
import { REFUND_PURPOSES, refundLowersPrice, type RefundPurpose } from '../../../shared/payments';
import { currencySymbol, formatMoney, formatPence, minorToDecimalText, parseMinorUnits, toMinorUnits } from '../../../shared/money';
import { typedAmount } from '../../../shared/typed-amount';
import { formatTimestamp } from '../../../shared/time';
import { Button, Dialog, Field, FieldError, Input, Textarea } from '../../components/ui';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';

type Entry = AdminBooking['booking_payments'][number];
export type Correcting = { kind: 'void' | 'refund'; payment: Entry; left: number };

const UNPAID_NOTE =
  'Nothing will be paid on this booking any more: it goes back to lead (unpaid) unless its game has already started. Its game and code are kept.';

/** The three sums a payment is judged against: the price, what is paid, what is still due. */
export function LedgerTotals(props: {
  className: string;
  totalPrice: number;
  currency: string;
  paid: { label: string; pence: number; testId?: string };
  due: number;
  dueTestId?: string;
}) {
  const { className, totalPrice, currency, paid, due, dueTestId } = props;
  return (
    <dl className={`${className} grid grid-cols-3 gap-2 text-sm`}>
      <div>
        <dt className="text-slate-500">Total price</dt>
        <dd>{formatMoney(totalPrice, currency)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{paid.label}</dt>
        <dd className={paid.testId ? 'font-semibold' : undefined} data-testid={paid.testId}>
          {formatPence(paid.pence, currency)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Still due</dt>
        <dd data-testid={dueTestId}>{formatPence(due, currency)}</dd>
      </div>
    </dl>
  );
}

/** Every payment is confirmed, in the booking's currency; more than is still due needs an explicit tick. */
export function RecordPaymentDialog(props: {
  booking: AdminBooking;
  paymentType: string;
  amount: number;
  due: number;
  net: number;
  onClose: (recorded: boolean) => void;
}) {
  const { booking, paymentType, amount, due, net, onClose } = props;
  const [overConfirmed, setOverConfirmed] = useState(false);
  const record = useAction({
    call: () => detailCalls.recordPayment(booking, paymentType, amount),
    success: 'Payment recorded successfully',
    failure: 'Failed to record payment',
    failureToast: 'server',
    ...writesBooking(booking.id),
  });
  const currency = booking.currency;
  const over = amount > due;
  const checkId = useId();

  // The dialog closes once the call is over, saying whether the payment was recorded.
  const confirm = async () => onClose(await record.run());

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
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button variant={over ? 'danger' : 'primary'} disabled={record.isPending || (over && !overConfirmed)} onClick={() => void confirm()}>
            Record {formatPence(amount, currency)}
          </Button>
        </>
      }
    >
      <p>
        Record a <strong>{paymentTypeLabel(paymentType)}</strong> payment of <strong data-testid="confirm-amount">{formatPence(amount, currency)}</strong> for
        booking {booking.code}?
      </p>
      <LedgerTotals className="mt-3" totalPrice={booking.total_price} currency={currency} paid={{ label: 'Paid so far', pence: net }} due={due} />
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

/** A void has no purpose: only a refund says what it is. */
const NO_PURPOSE: RefundPurpose | null = null;

/**
 * The correction form: a refund amount (typed, at most what is left), what the refund is (decision 0505: staff choose,
 * nothing is preselected, so a balance is never re-opened by default) and the shared reason rule. A void is all that
 * is left, with a reason.
 */
function correctionSchema(isVoid: boolean, left: number, currency: string) {
  const reason = refundPaymentBody.shape.reason;
  if (isVoid)
    return z.object({ amount: z.string(), reason, purpose: z.string() }).transform(({ reason: r }) => ({ amount: left, reason: r, purpose: NO_PURPOSE }));
  return z.object({
    amount: typedAmount.refine((minor) => minor <= left, refundTooHighMessage(formatPence(left, currency))),
    reason,
    purpose: z.enum(REFUND_PURPOSES, { error: DETAIL_MESSAGES.refundPurpose }),
  });
}

/** What the chosen refund will do, in words, before staff record it (0505). */
function refundOutcome(purpose: RefundPurpose, refund: number, net: number, totalPence: number, currency: string): string {
  const totalAfter = refundLowersPrice(purpose) ? Math.max(0, totalPence - refund) : totalPence;
  const dueAfter = Math.max(0, totalAfter - (net - refund));
  const total = formatPence(totalAfter, currency);
  if (purpose === 'concession') return `The total becomes ${total}. ${dueAfter > 0 ? `${formatPence(dueAfter, currency)} stays due.` : 'Nothing becomes due.'}`;
  if (purpose === 'cancellation')
    return `The total becomes ${total}. If the game has not started, the booking is cancelled and the booker is told; after the game it stays as it is.`;
  if (net - refund <= 0) return UNPAID_NOTE;
  return `The total stays ${total}, so ${formatPence(dueAfter, currency)} will be due again.`;
}

export function CorrectionDialog({ booking, correcting, net, onClose }: { booking: AdminBooking; correcting: Correcting; net: number; onClose: () => void }) {
  const { kind, payment, left } = correcting;
  const currency = payment.currency;
  const formId = useId();
  const isVoid = kind === 'void';
  const schema = useMemo(() => correctionSchema(isVoid, left, currency), [isVoid, left, currency]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: minorToDecimalText(left), reason: '', purpose: '' },
  });
  const typed = form.watch('amount');
  const chosen = REFUND_PURPOSES.find((p) => p === form.watch('purpose')) ?? null;
  const refund = isVoid ? left : parseMinorUnits(typed);
  const totalPence = toMinorUnits(booking.total_price);
  const problem = firstErrorMessage(form.formState.errors);

  const correct = useAction({
    call: ({ amount, reason, purpose }: z.output<typeof schema>) =>
      isVoid || purpose === null
        ? detailCalls.voidPayment(booking, payment.id, reason)
        : detailCalls.refundPayment(booking, payment.id, amount, reason, purpose),
    success: isVoid ? 'Payment voided successfully' : 'Refund recorded successfully',
    failure: isVoid ? 'Failed to void payment' : 'Failed to record refund',
    failureToast: 'server',
    ...writesBooking(booking.id),
    onSuccess: onClose,
  });

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
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="danger" disabled={correct.isPending}>
            {isVoid ? 'Void payment' : 'Record refund'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void form.handleSubmit(correct.run)(e)} className="space-y-3" noValidate>
        <p>
          {isVoid ? 'Void' : 'Refund'} payment #{payment.id}: {paymentTypeLabel(payment.payment_type)}, {formatPence(payment.payment_amount, currency)} on{' '}
          {formatTimestamp(payment.created_at, booking.timezone)} ({formatPence(left, currency)} left of it).
        </p>
        <p className="text-sm text-slate-600">
          {isVoid
            ? 'Use this for a payment recorded by mistake. It stays in the history, with a void entry that takes it back.'
            : payment.provider
              ? 'This payment was taken online: the refund goes back to the card through the payment provider, then is recorded as its own entry.'
              : 'Use this when money was returned to the booker. It is recorded as its own entry.'}
        </p>
        {!isVoid ? (
          <Field label={`Refund amount (${currencySymbol(currency)})`} id={`${formId}-amount`}>
            <Input inputMode="decimal" {...form.register('amount')} />
          </Field>
        ) : null}
        {!isVoid ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">What is this refund?</legend>
            <div className="mt-1 space-y-2" role="radiogroup">
              {REFUND_PURPOSES.map((purpose) => (
                <label key={purpose} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2">
                  <input type="radio" value={purpose} className="mt-1" {...form.register('purpose')} />
                  <span>
                    <span className="block font-medium">{REFUND_PURPOSE_LABELS[purpose].label}</span>
                    <span className="block text-sm text-slate-600">{REFUND_PURPOSE_LABELS[purpose].hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Field label="Reason" id={`${formId}-reason`}>
          <Textarea rows={2} {...form.register('reason')} />
        </Field>
        {isVoid && net - left <= 0 ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {UNPAID_NOTE}
          </p>
        ) : null}
        {!isVoid && chosen && refund !== null && refund <= left ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {refundOutcome(chosen, refund, net, totalPence, currency)}
          </p>
        ) : null}
        <FieldError message={problem} className="text-sm text-red-700" />
      </form>
    </Dialog>
  );
}
