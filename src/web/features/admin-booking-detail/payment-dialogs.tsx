import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES, refundPaymentBody, refundTooHighMessage } from '../../../shared/api/admin-booking-detail';
import { REFUND_PURPOSES, refundLowersPrice, type RefundPurpose } from '../../../shared/payments';
import { currencySymbol, formatMoney, formatPence, minorToDecimalText, parseMinorUnits, toMinorUnits } from '../../../shared/money';
import { typedAmount } from '../../../shared/typed-amount';
import { formatTimestamp } from '../../../shared/time';
import { Button, Dialog, Field, FieldError, Input, Textarea } from '../../components/ui';
import { firstErrorMessage } from '../../lib/form-errors';
import { useLocale, useMessageText, useT, type KeyOf, type Translate } from '../../lib/i18n';
import { useAction } from '../../lib/use-action';
import { usePaymentTypeText } from '../../lib/payment-type-text';
import { detailCalls, writesBooking } from './detail-api';

type Entry = AdminBooking['booking_payments'][number];
export type Correcting = { kind: 'void' | 'refund'; payment: Entry; left: number };

/** What a refund is, as the ledger's line ends (lower case: "Refund of #3 (Card): price reduced"). */
const PURPOSE_KEYS = {
  concession: 'payments.purposeConcession',
  cancellation: 'payments.purposeCancellation',
  correction: 'payments.purposeCorrection',
} as const satisfies Record<RefundPurpose, KeyOf<'admin'>>;

/** The refund dialog's choice in plain words (decision 0505): what each purpose does, said in the option itself. */
const PURPOSE_CHOICE_KEYS = {
  concession: { label: 'payments.concessionLabel', hint: 'payments.concessionHint' },
  cancellation: { label: 'payments.cancellationLabel', hint: 'payments.cancellationHint' },
  correction: { label: 'payments.correctionLabel', hint: 'payments.correctionHint' },
} as const satisfies Record<RefundPurpose, { label: KeyOf<'admin'>; hint: KeyOf<'admin'> }>;

export type PaymentWords = { t: Translate<'admin'>; typeText: (type: string) => string; purposeText: (purpose: RefundPurpose) => string };

/** The payments' words for the section and its dialogs: a provider's own type (any short text) is shown as it is. */
export function usePaymentWords(): PaymentWords {
  const t = useT('admin');
  return {
    t,
    typeText: usePaymentTypeText(),
    purposeText: (purpose) => t(PURPOSE_KEYS[purpose]),
  };
}

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
  const t = useT('admin');
  const { moneyLocale } = useLocale();
  return (
    <dl className={`${className} grid grid-cols-3 gap-2 text-sm`}>
      <div>
        <dt className="text-slate-500">{t('payments.totalPrice')}</dt>
        <dd>{formatMoney(totalPrice, currency, moneyLocale)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{paid.label}</dt>
        <dd className={paid.testId ? 'font-semibold' : undefined} data-testid={paid.testId}>
          {formatPence(paid.pence, currency, moneyLocale)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('payments.stillDue')}</dt>
        <dd data-testid={dueTestId}>{formatPence(due, currency, moneyLocale)}</dd>
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
  const { t, typeText } = usePaymentWords();
  const { moneyLocale } = useLocale();
  const [overConfirmed, setOverConfirmed] = useState(false);
  const record = useAction({
    call: () => detailCalls.recordPayment(booking, paymentType, amount),
    success: t('payments.recorded'),
    failure: t('payments.recordFailed'),
    failureToast: 'server',
    ...writesBooking(booking.id),
  });
  const currency = booking.currency;
  const money = (pence: number) => formatPence(pence, currency, moneyLocale);
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
      title={t('payments.confirmTitle')}
      size="md"
      footer={
        <>
          <Button onClick={() => onClose(false)}>{t('detail.cancel')}</Button>
          <Button variant={over ? 'danger' : 'primary'} disabled={record.isPending || (over && !overConfirmed)} onClick={() => void confirm()}>
            {t('payments.recordAmount', { amount: money(amount) })}
          </Button>
        </>
      }
    >
      <p>
        {t('payments.confirmBefore')} <strong>{typeText(paymentType)}</strong> {t('payments.confirmMiddle')}{' '}
        <strong data-testid="confirm-amount">{money(amount)}</strong> {t('payments.confirmAfter', { code: booking.code })}
      </p>
      <LedgerTotals className="mt-3" totalPrice={booking.total_price} currency={currency} paid={{ label: t('payments.paidSoFar'), pence: net }} due={due} />
      {over ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{t('payments.overDue', { excess: money(amount - due), due: money(due) })}</p>
          <p className="mt-1">{t('payments.checkAmount')}</p>
          <label htmlFor={checkId} className="mt-2 flex items-center gap-2">
            <input id={checkId} type="checkbox" checked={overConfirmed} onChange={(e) => setOverConfirmed(e.target.checked)} />
            {t('payments.confirmOver')}
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
 * is left, with a reason. `leftText` is what is left in the reader's form of money, for the refusal's sentence.
 */
function correctionSchema(isVoid: boolean, left: number, leftText: string) {
  const reason = refundPaymentBody.shape.reason;
  if (isVoid)
    return z.object({ amount: z.string(), reason, purpose: z.string() }).transform(({ reason: r }) => ({ amount: left, reason: r, purpose: NO_PURPOSE }));
  return z.object({
    amount: typedAmount.refine((minor) => minor <= left, refundTooHighMessage(leftText)),
    reason,
    purpose: z.enum(REFUND_PURPOSES, { error: DETAIL_MESSAGES.refundPurpose }),
  });
}

/** What the chosen refund will do, in words, before staff record it (0505). */
function refundOutcome(
  t: Translate<'admin'>,
  money: (pence: number) => string,
  figures: { purpose: RefundPurpose; refund: number; net: number; totalPence: number },
): string {
  const { purpose, refund, net, totalPence } = figures;
  const totalAfter = refundLowersPrice(purpose) ? Math.max(0, totalPence - refund) : totalPence;
  const dueAfter = Math.max(0, totalAfter - (net - refund));
  const total = money(totalAfter);
  if (purpose === 'concession')
    return dueAfter > 0 ? t('payments.outcomeLowerDue', { total, due: money(dueAfter) }) : t('payments.outcomeLowerNothingDue', { total });
  if (purpose === 'cancellation') return t('payments.outcomeCancelled', { total });
  if (net - refund <= 0) return t('payments.unpaidNote');
  return t('payments.outcomeDueAgain', { total, due: money(dueAfter) });
}

export function CorrectionDialog({ booking, correcting, net, onClose }: { booking: AdminBooking; correcting: Correcting; net: number; onClose: () => void }) {
  const { kind, payment, left } = correcting;
  const { t, typeText } = usePaymentWords();
  const message = useMessageText();
  const { moneyLocale } = useLocale();
  const currency = payment.currency;
  const money = (pence: number) => formatPence(pence, currency, moneyLocale);
  const formId = useId();
  const isVoid = kind === 'void';
  const leftText = formatPence(left, currency, moneyLocale);
  const schema = useMemo(() => correctionSchema(isVoid, left, leftText), [isVoid, left, leftText]);
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
    success: isVoid ? t('payments.voidedToast') : t('payments.refundedToast'),
    failure: isVoid ? t('payments.voidFailed') : t('payments.refundFailed'),
    failureToast: 'server',
    ...writesBooking(booking.id),
    onSuccess: onClose,
  });

  const summary = {
    id: String(payment.id),
    type: typeText(payment.payment_type),
    amount: money(payment.payment_amount),
    when: formatTimestamp(payment.created_at, booking.timezone),
    left: leftText,
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={isVoid ? t('payments.voidTitle') : t('payments.refundTitle')}
      size="md"
      footer={
        <>
          <Button onClick={onClose}>{t('detail.cancel')}</Button>
          <Button type="submit" form={formId} variant="danger" disabled={correct.isPending}>
            {isVoid ? t('payments.voidTitle') : t('payments.recordRefund')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void form.handleSubmit(correct.run)(e)} className="space-y-3" noValidate>
        <p>{isVoid ? t('payments.voidSummary', summary) : t('payments.refundSummary', summary)}</p>
        <p className="text-sm text-slate-600">
          {isVoid ? t('payments.voidHint') : payment.provider ? t('payments.refundOnlineHint') : t('payments.refundHint')}
        </p>
        {!isVoid ? (
          <Field label={t('payments.refundAmount', { symbol: currencySymbol(currency) })} id={`${formId}-amount`}>
            <Input inputMode="decimal" {...form.register('amount')} />
          </Field>
        ) : null}
        {!isVoid ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t('payments.whatRefund')}</legend>
            <div className="mt-1 space-y-2" role="radiogroup">
              {REFUND_PURPOSES.map((purpose) => (
                <label key={purpose} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2">
                  <input type="radio" value={purpose} className="mt-1" {...form.register('purpose')} />
                  <span>
                    <span className="block font-medium">{t(PURPOSE_CHOICE_KEYS[purpose].label)}</span>
                    <span className="block text-sm text-slate-600">{t(PURPOSE_CHOICE_KEYS[purpose].hint)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Field label={t('detail.reason')} id={`${formId}-reason`}>
          <Textarea rows={2} {...form.register('reason')} />
        </Field>
        {isVoid && net - left <= 0 ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {t('payments.unpaidNote')}
          </p>
        ) : null}
        {!isVoid && chosen && refund !== null && refund <= left ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {refundOutcome(t, money, { purpose: chosen, refund, net, totalPence })}
          </p>
        ) : null}
        <FieldError message={problem && message(problem)} className="text-sm text-red-700" />
      </form>
    </Dialog>
  );
}
