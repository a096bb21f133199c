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
import { useLocale, useT } from '../../lib/i18n';

const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');

/** /admin/gift-vouchers: every voucher, bought or issued, with its balance; issue one; how long they last (issue 32, 0406). */
export function GiftVouchersPage() {
  const t = useT('money');
  const { moneyLocale } = useLocale();
  const list = useQuery({ queryKey: giftVouchersKey, queryFn: fetchGiftVouchers });
  const headers = [
    t('vouchers.code'),
    t('vouchers.recipient'),
    t('vouchers.amount'),
    t('vouchers.balance'),
    t('vouchers.status'),
    t('vouchers.issued'),
    t('vouchers.expires'),
  ];
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('vouchers.title')}</h1>
        <p className="mt-1 text-slate-600">{t('vouchers.intro')}</p>
      </div>
      <IssueVoucherForm />
      <SettingsLink lead={t('vouchers.validityLead')} section="gift-voucher-validity" label={t('vouchers.validityLink')} />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState message={errorMessage(list.error, t('vouchers.loadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : null}
      {list.data ? (
        <Table aria-label={t('vouchers.title')}>
          <TableHead headers={headers} />
          <tbody>
            {list.data.length === 0 ? (
              <EmptyTableRow columns={headers.length}>{t('vouchers.none')}</EmptyTableRow>
            ) : (
              list.data.map((v) => (
                <TableRow key={v.id} className="border-t border-slate-100">
                  <TableCell className="font-mono font-semibold">
                    <Link to={paths.admin.giftVoucher(v.id)} className="text-brand-700 underline">
                      {v.code ? codeText(v.code) : t('vouchers.unpaid', { id: String(v.id) })}
                    </Link>
                  </TableCell>
                  <TableCell>{v.recipient_name}</TableCell>
                  <TableCell>{formatPence(v.amount, v.currency, moneyLocale)}</TableCell>
                  <TableCell>{formatPence(v.balance, v.currency, moneyLocale)}</TableCell>
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
