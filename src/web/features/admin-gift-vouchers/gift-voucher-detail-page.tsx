import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminGiftVoucherDetail } from '../../../shared/api/gift-vouchers';
import { VOUCHER_LEDGER_LABELS } from '../../../shared/commerce/gift-vouchers';
import { formatPence } from '../../../shared/money';
import { formatAdminTimestamp } from '../../../shared/time';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { NotFoundPage } from '../../components/not-found-page';
import { Spinner } from '../../components/spinner';
import { EmptyTableRow, ErrorState, Section, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { codeText, VoucherStatusBadge } from './voucher-format';
import { fetchGiftVoucher, giftVoucherKey } from './gift-vouchers-api';
import { useLocale, useMessageText, useT } from '../../lib/i18n';

/** "+£50.00" in, "−£30.00" out of the voucher. */
const signed = (pence: number, currency: string, locale: string | undefined) => `${pence < 0 ? '−' : '+'}${formatPence(Math.abs(pence), currency, locale)}`;

function Facts({ voucher }: { voucher: AdminGiftVoucherDetail }) {
  const t = useT('money');
  const { moneyLocale } = useLocale();
  const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');
  const rows: [string, string][] = [
    [t('voucher.amount'), formatPence(voucher.amount, voucher.currency, moneyLocale)],
    [t('voucher.balance'), formatPence(voucher.balance, voucher.currency, moneyLocale)],
    [t('voucher.recipient'), voucher.recipient_name],
    [t('voucher.message'), voucher.message ?? '—'],
    [
      t('voucher.source'),
      voucher.source === 'staff' ? t('voucher.issuedByStaff') : voucher.buyer_name ? t('voucher.boughtBy', { name: voucher.buyer_name }) : t('voucher.bought'),
    ],
    [t('voucher.email'), voucher.buyer_email ?? '—'],
    [t('voucher.issued'), when(voucher.issued_at)],
    [t('voucher.expires'), when(voucher.expires_at)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Ledger({ voucher }: { voucher: AdminGiftVoucherDetail }) {
  const t = useT('money');
  // The entries' names are the shared rule's English, translated where the server's words are (messages catalogue).
  const ruleText = useMessageText();
  const { moneyLocale } = useLocale();
  const headers = [t('voucher.when'), t('voucher.entry'), t('voucher.amount'), t('voucher.booking')];
  return (
    <Table aria-label={t('voucher.ledger')}>
      <TableHead headers={headers} />
      <tbody>
        {voucher.ledger.length === 0 ? (
          <EmptyTableRow columns={headers.length}>{t('voucher.noEntries')}</EmptyTableRow>
        ) : (
          voucher.ledger.map((entry, i) => (
            <TableRow key={i} className="border-t border-slate-100">
              <TableCell>{formatAdminTimestamp(entry.at)}</TableCell>
              <TableCell>{ruleText(VOUCHER_LEDGER_LABELS[entry.kind])}</TableCell>
              <TableCell className="tabular-nums">{signed(entry.amount, voucher.currency, moneyLocale)}</TableCell>
              <TableCell>
                {entry.booking_id !== null && entry.booking_code ? (
                  <Link to={paths.admin.booking(entry.booking_id)} className="font-mono text-brand-700 underline">
                    {entry.booking_code}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))
        )}
      </tbody>
    </Table>
  );
}

/** /admin/gift-vouchers/{id}: one voucher, its balance and its ledger (issued, paid into bookings, refunded back, expired). */
export function GiftVoucherDetailPage() {
  const t = useT('money');
  const { id = '' } = useParams();
  const voucherId = Number(id);
  const query = useQuery({
    queryKey: giftVoucherKey(voucherId),
    queryFn: () => fetchGiftVoucher(voucherId),
    enabled: Number.isInteger(voucherId) && voucherId > 0,
  });
  const notFound = !(Number.isInteger(voucherId) && voucherId > 0) || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) return <NotFoundPage back={paths.admin.giftVouchers} backLabel={t('voucher.back')} />;
  return (
    <section className="space-y-4">
      <Link to={paths.admin.giftVouchers} className="text-sm text-brand-700 underline">
        {t('voucher.up')}
      </Link>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState message={errorMessage(query.error, t('voucher.loadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data ? (
        <>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
            {t('voucher.title')} <span className="font-mono">{codeText(query.data.code)}</span> <VoucherStatusBadge status={query.data.status} />
          </h1>
          <Section id="voucher-facts" title={t('voucher.facts')}>
            <Facts voucher={query.data} />
          </Section>
          <Section id="voucher-ledger" title={t('voucher.ledger')} description={t('voucher.ledgerHelp')}>
            <Ledger voucher={query.data} />
          </Section>
        </>
      ) : null}
    </section>
  );
}
