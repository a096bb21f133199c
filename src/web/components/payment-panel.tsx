import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentState } from '../../shared/api/payments';
import { formatPence } from '../../shared/money';
import { BALANCE_DUE_DAYS, CHECKOUT_PURPOSES, type CheckoutPurpose } from '../../shared/payments';
import { errorMessage } from '../lib/api-client';
import { fetchPaymentState, startCheckout } from '../lib/payments-api';
import { notifyError } from '../lib/toast';
import { Button } from './ui';
import { useLocale, useT, type KeyOf } from '../lib/i18n';
import { dayText } from '../lib/day-text';

const BUTTON_LABELS: Record<CheckoutPurpose, KeyOf<'booker'>> = { deposit: 'payDeposit', full: 'payInFull', balance: 'payBalance' };

/**
 * The booking's money for the booker (decision 0252): total, paid, balance due and by when, and the way to pay:
 * card buttons (deposit, full, balance) that open the provider's checkout, or the bank transfer details. Used by
 * the wizard's last step, which has no query client, so it loads with a plain effect.
 *
 * `revision` is the booking's version: every write that changes what is due (a new date, players, plan or add-ons)
 * answers the booking with a new version, and the panel loads its money again for it. Until that answer is in it
 * shows "Loading", never the amounts of the old version beside the new total (issue 28: £540 under a £500 summary).
 */
export function PaymentPanel({
  manageKey,
  revision = 0,
  whileDue,
}: {
  manageKey: string;
  revision?: number;
  /** More ways to pay, shown under the buttons while something is due (the management page's gift voucher box, 0406). */
  whileDue?: (state: PaymentState) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ for: string; state: PaymentState } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [opening, setOpening] = useState<CheckoutPurpose | null>(null);
  const cancelled = new URLSearchParams(window.location.search).get('payment') === 'cancelled';
  const current = `${manageKey}#${revision}`;
  const t = useT('booker');
  const { locale, moneyLocale } = useLocale();
  const loadFailed = t('paymentLoadFailed');

  useEffect(() => {
    let live = true;
    setLoadError(null);
    fetchPaymentState(manageKey).then(
      (s) => live && setLoaded({ for: current, state: s }),
      (error: unknown) => live && setLoadError(errorMessage(error, loadFailed)),
    );
    return () => {
      live = false;
    };
  }, [manageKey, current, loadFailed]);

  const state = loaded?.for === current ? loaded.state : null;
  if (loadError)
    return (
      <p className="text-red-700" role="alert">
        {loadError}
      </p>
    );
  if (!state)
    return (
      <p className="text-slate-600" aria-live="polite">
        {t('paymentLoading')}
      </p>
    );

  // Without a query client (the wizard's last step) this cannot use lib/use-action.ts: it keeps its own busy state.
  const pay = async (purpose: CheckoutPurpose, amount: number) => {
    setOpening(purpose);
    try {
      window.location.assign(await startCheckout(manageKey, purpose, amount));
    } catch (error) {
      notifyError(errorMessage(error, t('paymentStartFailed')));
      setOpening(null);
    }
  };
  const money = (pence: number) => formatPence(pence, state.currency, moneyLocale);
  const dueDay = dayText(state.balance_due_date, locale);
  const options = CHECKOUT_PURPOSES.flatMap((purpose) => {
    const amount = state.options[purpose];
    return amount === null ? [] : [[purpose, amount] as const];
  });

  return (
    <div className="space-y-3" data-testid="payment-panel">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-slate-600">{t('total')}</dt>
          <dd className="font-semibold">{money(state.total)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('paid')}</dt>
          <dd className="font-semibold" data-testid="paid-amount">
            {money(state.paid)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('balanceDue')}</dt>
          <dd className="font-semibold" data-testid="balance-due">
            {money(state.due)}
          </dd>
        </div>
        {state.due > 0 ? (
          <div>
            <dt className="text-sm text-slate-600">{t('dueBy')}</dt>
            <dd className="font-semibold" data-testid="balance-due-date">
              {state.balance_due_on_booking ? t('todayDay', { day: dueDay }) : dueDay}
            </dd>
          </div>
        ) : null}
      </dl>
      {state.payments.length > 0 ? (
        <ul className="text-sm text-slate-700" aria-label={t('yourPayments')}>
          {state.payments.map((p, i) => (
            <li key={i}>
              {t(p.kind === 'payment' ? 'paymentLine' : 'refundLine', {
                day: dayText(p.created_at, locale, 'short'),
                amount: formatPence(Math.abs(p.amount), p.currency, moneyLocale),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {state.due > 0 && state.balance_due_on_booking ? (
        <p className="text-sm text-slate-700" data-testid="due-on-booking">
          {t('dueOnBooking', { days: BALANCE_DUE_DAYS })}
        </p>
      ) : null}
      {cancelled && state.paid === 0 ? <p className="text-slate-700">{t('paymentCancelled')}</p> : null}
      {state.cancelled ? (
        <p className="text-slate-700">{t('bookingCancelled')}</p>
      ) : state.due === 0 ? (
        <p className="font-medium text-green-800">{t('paidInFull')}</p>
      ) : state.provider === 'stripe' ? (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {options.map(([purpose, amount]) => (
              <Button
                key={purpose}
                variant={purpose === 'deposit' ? 'primary' : 'secondary'}
                size="lg"
                disabled={opening !== null}
                onClick={() => void pay(purpose, amount)}
              >
                {opening === purpose ? t('openingPayment') : t(BUTTON_LABELS[purpose], { amount: money(amount) })}
              </Button>
            ))}
          </div>
          {state.options.deposit !== null ? (
            <p className="text-sm text-slate-600">
              {state.balance_due_on_booking
                ? t('depositNoteToday', { percent: state.deposit_percent })
                : t('depositNoteBy', { percent: state.deposit_percent, day: dueDay })}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800" data-testid="bank-transfer">
          <p className="font-medium">{t('payByTransfer')}</p>
          {state.bank_transfer.details ? (
            <>
              <p className="whitespace-pre-line" data-testid="bank-details">
                {state.bank_transfer.details}
              </p>
              <p>
                {t('reference')} <strong className="font-mono">{state.bank_transfer.reference}</strong>
              </p>
              <p className="text-sm text-slate-600">{t('quoteReference')}</p>
            </>
          ) : (
            <>
              {/* No account is configured: nothing would mail it, so the booker asks for it (decision 0252). */}
              <p data-testid="bank-details-on-request">{t('transferOnRequest')}</p>
              <p>
                {t('yourReference')} <strong className="font-mono">{state.bank_transfer.reference}</strong>
              </p>
            </>
          )}
          <p className="text-sm text-slate-600">{t('weRecordPayment')}</p>
        </div>
      )}
      {whileDue && state.due > 0 && !state.cancelled ? whileDue(state) : null}
    </div>
  );
}
