import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatPence } from '../../../shared/money';
import { formatAdminTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { EmptyTableRow, ErrorState, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { IssueVoucherForm } from './issue-voucher-form';
import { SettingsLink } from '../../components/settings-link';
import { codeText, VoucherStatusBadge } from './voucher-format';
import { fetchGiftVouchers, giftVouchersKey } from './gift-vouchers-api';

const HEADERS = ['Code', 'Recipient', 'Amount', 'Balance', 'Status', 'Issued', 'Expires'] as const;
const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');

/** /admin/gift-vouchers: every voucher, bought or issued, with its balance; issue one; how long they last (issue 32, 0406). */
export function GiftVouchersPage() {
  const list = useQuery({ queryKey: giftVouchersKey, queryFn: fetchGiftVouchers });
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Gift vouchers</h1>
        <p className="mt-1 text-slate-600">Vouchers bought online or issued here. Bookers type the code in the promo code box. Times are UK time.</p>
      </div>
      <IssueVoucherForm />
      <SettingsLink lead="How long a new voucher lasts is set in" section="gift-voucher-validity" label="Settings → Gift voucher validity" />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Failed to load gift vouchers. Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}
      {list.data ? (
        <Table aria-label="Gift vouchers">
          <TableHead headers={HEADERS} />
          <tbody>
            {list.data.length === 0 ? (
              <EmptyTableRow columns={HEADERS.length}>No gift vouchers yet.</EmptyTableRow>
            ) : (
              list.data.map((v) => (
                <TableRow key={v.id} className="border-t border-slate-100">
                  <TableCell className="font-mono font-semibold">
                    <Link to={paths.admin.giftVoucher(v.id)} className="text-brand-700 underline">
                      {v.code ? codeText(v.code) : `Unpaid #${v.id}`}
                    </Link>
                  </TableCell>
                  <TableCell>{v.recipient_name}</TableCell>
                  <TableCell>{formatPence(v.amount, v.currency)}</TableCell>
                  <TableCell>{formatPence(v.balance, v.currency)}</TableCell>
                  <TableCell>
                    <VoucherStatusBadge status={v.status} />
                  </TableCell>
                  <TableCell>{when(v.issued_at)}</TableCell>
                  <TableCell>{when(v.expires_at)}</TableCell>
                </TableRow>
              ))
            )}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
