import { useEffect, useState, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import type { PaymentState } from '../../shared/api/payments';
import { formatPence } from '../../shared/money';
import { BALANCE_DUE_DAYS, CHECKOUT_PURPOSES, type CheckoutPurpose } from '../../shared/payments';
import { errorMessage } from '../lib/api-client';
import { fetchPaymentState, startCheckout } from '../lib/payments-api';
import { notifyError } from '../lib/toast';
import { Button } from './ui';

const LOAD_FAILED = 'Could not load the payment details. Please reload the page.';
const START_FAILED = 'Could not open the payment page. Please try again.';
const BUTTON_LABELS: Record<CheckoutPurpose, string> = { deposit: 'Pay deposit', full: 'Pay in full', balance: 'Pay balance' };

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

  useEffect(() => {
    let live = true;
    setLoadError(null);
    fetchPaymentState(manageKey).then(
      (s) => live && setLoaded({ for: current, state: s }),
      (error: unknown) => live && setLoadError(errorMessage(error, LOAD_FAILED)),
    );
    return () => {
      live = false;
    };
  }, [manageKey, current]);

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
        Loading payment details…
      </p>
    );

  // Without a query client (the wizard's last step) this cannot use lib/use-action.ts: it keeps its own busy state.
  const pay = async (purpose: CheckoutPurpose, amount: number) => {
    setOpening(purpose);
    try {
      window.location.assign(await startCheckout(manageKey, purpose, amount));
    } catch (error) {
      notifyError(errorMessage(error, START_FAILED));
      setOpening(null);
    }
  };
  const money = (pence: number) => formatPence(pence, state.currency);
  const dueDay = format(parseISO(state.balance_due_date), 'd MMMM yyyy');
  const options = CHECKOUT_PURPOSES.flatMap((purpose) => {
    const amount = state.options[purpose];
    return amount === null ? [] : [[purpose, amount] as const];
  });

  return (
    <div className="space-y-3" data-testid="payment-panel">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-slate-600">Total</dt>
          <dd className="font-semibold">{money(state.total)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Paid</dt>
          <dd className="font-semibold" data-testid="paid-amount">
            {money(state.paid)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Balance due</dt>
          <dd className="font-semibold" data-testid="balance-due">
            {money(state.due)}
          </dd>
        </div>
        {state.due > 0 ? (
          <div>
            <dt className="text-sm text-slate-600">Due by</dt>
            <dd className="font-semibold" data-testid="balance-due-date">
              {state.balance_due_on_booking ? `Today, ${dueDay}` : dueDay}
            </dd>
          </div>
        ) : null}
      </dl>
      {state.payments.length > 0 ? (
        <ul className="text-sm text-slate-700" aria-label="Your payments">
          {state.payments.map((p, i) => (
            <li key={i}>
              {format(parseISO(p.created_at), 'd MMM yyyy')}: {p.kind === 'payment' ? 'Payment' : 'Refund'} {formatPence(Math.abs(p.amount), p.currency)}
            </li>
          ))}
        </ul>
      ) : null}
      {state.due > 0 && state.balance_due_on_booking ? (
        <p className="text-sm text-slate-700" data-testid="due-on-booking">
          Your game is less than {BALANCE_DUE_DAYS} days away, so everything still to pay is due now, on booking.
        </p>
      ) : null}
      {cancelled && state.paid === 0 ? <p className="text-slate-700">Payment cancelled: nothing was charged.</p> : null}
      {state.cancelled ? (
        <p className="text-slate-700">This booking is cancelled: it cannot be paid.</p>
      ) : state.due === 0 ? (
        <p className="font-medium text-green-800">Paid in full. Thank you!</p>
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
                {opening === purpose ? 'Opening payment…' : `${BUTTON_LABELS[purpose]} (${money(amount)})`}
              </Button>
            ))}
          </div>
          {state.options.deposit !== null ? (
            <p className="text-sm text-slate-600">
              The deposit is {state.deposit_percent} % of the total; the balance is due {state.balance_due_on_booking ? 'today' : `by ${dueDay}`}. Card payments
              are taken by our payment provider; you get a receipt by email.
            </p>
          ) : null}
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800" data-testid="bank-transfer">
          <p className="font-medium">Pay by bank transfer</p>
          {state.bank_transfer.details ? (
            <>
              <p className="whitespace-pre-line" data-testid="bank-details">
                {state.bank_transfer.details}
              </p>
              <p>
                Reference: <strong className="font-mono">{state.bank_transfer.reference}</strong>
              </p>
              <p className="text-sm text-slate-600">
                Please quote the reference so we can match your payment. These details are also in your booking confirmation email.
              </p>
            </>
          ) : (
            <>
              {/* No account is configured: nothing would mail it, so the booker asks for it (decision 0252). */}
              <p data-testid="bank-details-on-request">
                To pay by bank transfer, reply to your booking confirmation email and we will send you our account details.
              </p>
              <p>
                Your reference: <strong className="font-mono">{state.bank_transfer.reference}</strong>
              </p>
            </>
          )}
          <p className="text-sm text-slate-600">We record your payment when it arrives and email you a receipt.</p>
        </div>
      )}
      {whileDue && state.due > 0 && !state.cancelled ? whileDue(state) : null}
    </div>
  );
}
