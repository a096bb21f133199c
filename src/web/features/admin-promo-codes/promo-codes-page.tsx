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
import { useLocale, useT, type Translate } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

/** "10%" or "£25.00" (amounts are stored in minor units of the code's currency), in the reader's locale ("10 %"). */
function discountText(code: PromoCode, locale: string, moneyLocale: string | undefined): string {
  if (code.percent_off !== null) return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(code.percent_off / 100);
  if (code.amount_off !== null) return formatPence(code.amount_off, code.currency ?? 'GBP', moneyLocale);
  return '—';
}

// Plan names are the price list's names, which stay as staff keep them (decision 0591).
const planNames = (plans: PromoCode['plans'], t: Translate<'money'>) =>
  plans ? plans.map((type) => PLANS.find((p) => p.type === type)?.name ?? type).join(', ') : t('promoCodes.allPlans');
const when = (iso: string | null) => (iso ? formatAdminTimestamp(iso) : '—');

/** /admin/promo-codes: staff's promo codes and a form for a new one (issue 32, decision 0400). */
export function PromoCodesPage() {
  const t = useT('money');
  const { locale, moneyLocale } = useLocale();
  const { integer } = useReaderFormat();
  const list = useQuery({ queryKey: promoCodesKey, queryFn: fetchPromoCodes });
  const headers = [
    t('promoCodes.code'),
    t('promoCodes.discount'),
    t('promoCodes.validFrom'),
    t('promoCodes.validUntil'),
    t('promoCodes.uses'),
    t('promoCodes.plans'),
    t('promoCodes.minPlayers'),
  ];
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('promoCodes.title')}</h1>
        <p className="mt-1 text-slate-600">{t('promoCodes.intro')}</p>
      </div>
      <PromoCodeForm />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState message={errorMessage(list.error, t('promoCodes.loadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : null}
      {list.data ? (
        <Table aria-label={t('promoCodes.title')}>
          <TableHead headers={headers} />
          <tbody>
            {list.data.length === 0 ? (
              <EmptyTableRow columns={headers.length}>{t('promoCodes.none')}</EmptyTableRow>
            ) : (
              list.data.map((code) => (
                <TableRow key={code.id} className="border-t border-slate-100">
                  <TableCell className="font-mono font-semibold">{code.code}</TableCell>
                  <TableCell>{discountText(code, locale, moneyLocale)}</TableCell>
                  <TableCell>{when(code.valid_from)}</TableCell>
                  <TableCell>{when(code.valid_until)}</TableCell>
                  <TableCell>
                    {code.max_uses === null ? t('promoCodes.usesNoLimit', { uses: integer(code.uses) }) : `${integer(code.uses)} / ${integer(code.max_uses)}`}
                  </TableCell>
                  <TableCell>{planNames(code.plans, t)}</TableCell>
                  <TableCell>{code.min_players === null ? '—' : integer(code.min_players)}</TableCell>
                </TableRow>
              ))
            )}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
