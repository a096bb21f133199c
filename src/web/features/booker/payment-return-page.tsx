import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { confirmCheckout } from '../../lib/payments-api';
import { Spinner } from '../../components/spinner';
import { PageFrame } from './booker-ui';
import { useBookerText } from './use-booker-text';

/** How long the page keeps asking while the provider has not confirmed (the webhook may be on its way). */
const POLL_MS = 1_500;
const GIVE_UP_AFTER_MS = 60_000;

/**
 * /manage/{key}/paid?session_id=…: where the provider sends the booker back (decision 0250). It asks the server,
 * which asks the provider and records the payment if the webhook has not yet; while pending it asks again.
 */
export function PaymentReturnPage() {
  const { key = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const [gaveUp, setGaveUp] = useState(false);
  const { t, pence } = useBookerText();
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), GIVE_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery({
    queryKey: ['booker', 'payment-return', key, sessionId],
    queryFn: () => confirmCheckout(key, sessionId),
    enabled: sessionId !== '',
    retry: 2,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && !gaveUp ? POLL_MS : false),
  });
  const result = query.data;
  const back = (
    <a href={paths.manage(key)} className="font-medium text-brand-700 underline" data-testid="back-to-booking">
      {t('backToBooking')}
    </a>
  );

  let body;
  if (!sessionId || query.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {query.isError ? errorMessage(query.error, t('confirmFailed')) : t('paymentLinkIncomplete')}
      </p>
    );
  } else if (!result || (result.status === 'pending' && !gaveUp)) {
    body = (
      <div className="flex items-center gap-3" aria-live="polite">
        <Spinner label={t('loading')} />
        <p>{t('confirmingPayment')}</p>
      </div>
    );
  } else if (result.status === 'paid') {
    body = (
      <div className="space-y-2" aria-live="polite">
        <p className="text-lg font-semibold text-green-800" data-testid="payment-result">
          {t('paymentReceived')}
        </p>
        <p>
          {result.payment.due > 0
            ? t('paidSoFarWithDue', { paid: pence(result.payment.paid, result.payment.currency), due: pence(result.payment.due, result.payment.currency) })
            : t('paidSoFar', { paid: pence(result.payment.paid, result.payment.currency) })}
        </p>
      </div>
    );
  } else {
    const text = result.status === 'pending' ? t('paymentPending') : result.status === 'expired' ? t('paymentExpired') : t('paymentRefused');
    body = (
      <p role="alert" data-testid="payment-result">
        {text}
      </p>
    );
  }

  return (
    <PageFrame>
      <header className="px-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('yourPayment')}</h1>
      </header>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        {body}
        {back}
      </div>
    </PageFrame>
  );
}
