import { useQuery } from '@tanstack/react-query';
import type { PromoCode } from '../../../shared/api/promo-codes';
import { formatPence } from '../../../shared/money';
import { PLANS } from '../../../shared/plans';
import { formatAdminTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { Spinner } from '../../components/spinner';
import { EmptyTableRow, ErrorState, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { PromoCodeForm } from './promo-code-form';
import { fetchPromoCodes, promoCodesKey } from './promo-codes-api';

const HEADERS = ['Code', 'Discount', 'Valid from', 'Valid until', 'Uses', 'Plans', 'Min players'] as const;
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

/** "10%" or "£25.00" (amounts are stored in minor units of the code's currency). */
function discountText(code: PromoCode): string {
  if (code.percent_off !== null) return percent.format(code.percent_off / 100);
  if (code.amount_off !== null) return formatPence(code.amount_off, code.currency ?? 'GBP');
  return '—';
}

const planNames = (plans: PromoCode['plans']) => (plans ? plans.map((t) => PLANS.find((p) => p.type === t)?.name ?? t).join(', ') : 'All plans');
const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');

/** /admin/promo-codes: staff's promo codes and a form for a new one (issue 32, decision 0400). */
export function PromoCodesPage() {
  const list = useQuery({ queryKey: promoCodesKey, queryFn: fetchPromoCodes });
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Promo codes</h1>
        <p className="mt-1 text-slate-600">Codes bookers type on the summary or their booking page before paying. Times are UK time.</p>
      </div>
      <PromoCodeForm />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Failed to load promo codes. Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}
      {list.data ? (
        <Table aria-label="Promo codes">
          <TableHead headers={HEADERS} />
          <tbody>
            {list.data.length === 0 ? (
              <EmptyTableRow columns={HEADERS.length}>No promo codes yet.</EmptyTableRow>
            ) : (
              list.data.map((code) => (
                <TableRow key={code.id} className="border-t border-slate-100">
                  <TableCell className="font-mono font-semibold">{code.code}</TableCell>
                  <TableCell>{discountText(code)}</TableCell>
                  <TableCell>{when(code.valid_from)}</TableCell>
                  <TableCell>{when(code.valid_until)}</TableCell>
                  <TableCell>{code.max_uses === null ? `${code.uses} (no limit)` : `${code.uses} / ${code.max_uses}`}</TableCell>
                  <TableCell>{planNames(code.plans)}</TableCell>
                  <TableCell>{code.min_players ?? '—'}</TableCell>
                </TableRow>
              ))
            )}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
