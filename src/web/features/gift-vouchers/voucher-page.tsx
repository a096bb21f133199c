import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PublicGiftVoucher } from '../../../shared/api/gift-vouchers';
import { formatVoucherCode, VOUCHER_ZONE } from '../../../shared/commerce/gift-vouchers';
import { formatPence } from '../../../shared/money';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { NotFoundPage } from '../../components/not-found-page';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState } from '../../components/ui';
import { fetchGiftVoucher, giftVoucherKey } from './gift-vouchers-api';
import { VoucherFrame } from './voucher-frame';
import { useLocale, useT, type KeyOf } from '../../lib/i18n';

/** While the payment is unconfirmed the page asks again (the server asks the provider each time), for a minute. */
const POLL_MS = 2_000;
const GIVE_UP_AFTER_MS = 60_000;

/** "27 November 2027": the voucher's last day, in the install's zone its expiry is worked out in, in the reader's locale. */
const dayInWords = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: VOUCHER_ZONE }).format(new Date(iso));

const STATUS_NOTES: Record<Exclude<PublicGiftVoucher['status'], 'active'>, KeyOf<'public'>> = {
  pending: 'voucherPending',
  used: 'voucherUsed',
  expired: 'voucherExpired',
};

function Voucher({ voucher, cancelled }: { voucher: PublicGiftVoucher; cancelled: boolean }) {
  const t = useT('public');
  const { locale, moneyLocale } = useLocale();
  const money = (pence: number) => formatPence(pence, voucher.currency, moneyLocale);
  // The provider's Cancel link comes back with ?payment=cancelled: the voucher stays unpaid.
  const note = voucher.status === 'active' ? null : cancelled && voucher.status === 'pending' ? t('paymentCancelled') : t(STATUS_NOTES[voucher.status]);
  return (
    <article
      aria-labelledby="voucher-title"
      className="space-y-5 rounded-2xl border-2 border-dashed border-brand-400 bg-white p-6 text-center shadow-sm sm:p-10 print:border-slate-900 print:shadow-none"
      data-testid="gift-voucher"
    >
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{t('voucherBrand')}</p>
      <h1 id="voucher-title" className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {t('voucherFor', { name: voucher.recipient_name })}
      </h1>
      {voucher.message ? <p className="mx-auto max-w-xl text-lg whitespace-pre-line text-slate-800 italic">“{voucher.message}”</p> : null}
      {note ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 font-medium text-slate-900" data-testid="voucher-status">
          {note}
        </p>
      ) : null}
      {voucher.code ? (
        <div>
          <p className="text-sm text-slate-600">{t('yourCode')}</p>
          <p className="font-mono text-3xl font-bold tracking-wider break-all text-slate-900 sm:text-5xl" data-testid="voucher-code">
            {formatVoucherCode(voucher.code)}
          </p>
        </div>
      ) : null}
      <dl className="mx-auto grid max-w-md grid-cols-1 gap-3 text-left sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{t('worth')}</dt>
          <dd className="text-xl font-semibold" data-testid="voucher-amount">
            {money(voucher.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('balanceLeft')}</dt>
          <dd className="text-xl font-semibold" data-testid="voucher-balance">
            {money(voucher.balance)}
          </dd>
        </div>
        {voucher.expires_at ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-600">{t('validUntil')}</dt>
            <dd className="text-xl font-semibold" data-testid="voucher-expires">
              {dayInWords(voucher.expires_at, locale)}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-700">{t('howToUse', { host: window.location.host })}</p>
    </article>
  );
}

/**
 * /gift-vouchers/{token}: the voucher to print or forward (issue 32, decision 0406), from the buyer's mail or the
 * payment provider's return. Unknown tokens get the app's not-found page.
 */
export function GiftVoucherPage() {
  const { token = '' } = useParams();
  const cancelled = useSearchParams()[0].get('payment') === 'cancelled';
  const [gaveUp, setGaveUp] = useState(false);
  const t = useT('public');
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), GIVE_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery({
    queryKey: giftVoucherKey(token),
    queryFn: ({ signal }) => fetchGiftVoucher(token, signal),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && !gaveUp && !cancelled ? POLL_MS : false),
  });
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage back={paths.wizard} backLabel={t('bookAGame')} />;
  return (
    <VoucherFrame>
      {query.isPending ? <Spinner label={t('loading')} /> : null}
      {query.isError ? (
        <ErrorState message={errorMessage(query.error, t('voucherLoadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data ? (
        <>
          <Voucher voucher={query.data} cancelled={cancelled} />
          {cancelled && query.data.status === 'pending' ? (
            <p className="text-center print:hidden">
              <a href={paths.giftVouchers} className="font-semibold text-brand-700 underline">
                {t('buyAGiftVoucher')}
              </a>
            </p>
          ) : null}
          {query.data.status === 'active' ? (
            <div className="flex justify-center print:hidden">
              <Button variant="primary" size="lg" onClick={() => window.print()}>
                {t('print')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </VoucherFrame>
  );
}
