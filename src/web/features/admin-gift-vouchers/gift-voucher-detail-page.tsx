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

const LEDGER_HEADERS = ['When', 'Entry', 'Amount', 'Booking'] as const;
/** "+£50.00" in, "−£30.00" out of the voucher. */
const signed = (pence: number, currency: string) => `${pence < 0 ? '−' : '+'}${formatPence(Math.abs(pence), currency)}`;

function Facts({ voucher }: { voucher: AdminGiftVoucherDetail }) {
  const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');
  const rows: [string, string][] = [
    ['Amount', formatPence(voucher.amount, voucher.currency)],
    ['Balance', formatPence(voucher.balance, voucher.currency)],
    ['Recipient', voucher.recipient_name],
    ['Message', voucher.message ?? '—'],
    ['Source', voucher.source === 'staff' ? 'Issued by staff' : `Bought online${voucher.buyer_name ? ` by ${voucher.buyer_name}` : ''}`],
    ['Email', voucher.buyer_email ?? '—'],
    ['Issued', when(voucher.issued_at)],
    ['Expires', when(voucher.expires_at)],
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
  return (
    <Table aria-label="Ledger">
      <TableHead headers={LEDGER_HEADERS} />
      <tbody>
        {voucher.ledger.length === 0 ? (
          <EmptyTableRow columns={LEDGER_HEADERS.length}>Nothing yet: the voucher is not paid.</EmptyTableRow>
        ) : (
          voucher.ledger.map((entry, i) => (
            <TableRow key={i} className="border-t border-slate-100">
              <TableCell>{formatAdminTimestamp(entry.at)}</TableCell>
              <TableCell>{VOUCHER_LEDGER_LABELS[entry.kind]}</TableCell>
              <TableCell className="tabular-nums">{signed(entry.amount, voucher.currency)}</TableCell>
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
  const { id = '' } = useParams();
  const voucherId = Number(id);
  const query = useQuery({
    queryKey: giftVoucherKey(voucherId),
    queryFn: () => fetchGiftVoucher(voucherId),
    enabled: Number.isInteger(voucherId) && voucherId > 0,
  });
  const notFound = !(Number.isInteger(voucherId) && voucherId > 0) || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) return <NotFoundPage back={paths.admin.giftVouchers} backLabel="Back to gift vouchers" />;
  return (
    <section className="space-y-4">
      <Link to={paths.admin.giftVouchers} className="text-sm text-brand-700 underline">
        ← Gift vouchers
      </Link>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, 'Failed to load the gift voucher. Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {query.data ? (
        <>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
            Gift voucher <span className="font-mono">{codeText(query.data.code)}</span> <VoucherStatusBadge status={query.data.status} />
          </h1>
          <Section id="voucher-facts" title="Voucher">
            <Facts voucher={query.data} />
          </Section>
          <Section id="voucher-ledger" title="Ledger" description="Issued, paid into bookings, refunded back, expired. Times are UK time.">
            <Ledger voucher={query.data} />
          </Section>
        </>
      ) : null}
    </section>
  );
}
