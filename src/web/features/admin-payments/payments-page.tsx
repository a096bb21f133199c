import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_LIST_KINDS, type PaymentListKind, type PaymentRow } from '../../../shared/api/admin-payments';
import { LEDGER_PAYMENT_TYPES } from '../../../shared/api/admin-booking-detail';
import { adminPaymentsEndpoints as ep } from '../../../shared/api/endpoints/admin-payments';
import { pathOf } from '../../../shared/api/endpoint';
import { formatPence } from '../../../shared/money';
import { dayText } from '../../lib/day-text';
import { DEFAULT_ADMIN_TIMEZONE, formatTimestamp } from '../../../shared/time';
import { api, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { withParam } from '../../lib/search-params';
import { bookingFactsRoots } from '../../lib/booking-facts-data';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { DateRangePicker } from '../../components/date-range-picker';
import { Button, EmptyTableRow, ErrorState, Field, Select, Table, TableCell, TableHead, TableRow } from '../../components/ui';
import { SettingsLink } from '../../components/settings-link';
import { useLocale, useT, type KeyOf, type Translate } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { usePaymentTypeText } from '../../lib/payment-type-text';

const KIND_LABELS = {
  all: 'payments.kindAll',
  payment: 'payments.kindPayments',
  refund: 'payments.kindRefunds',
  void: 'payments.kindVoids',
} as const satisfies Record<PaymentListKind, KeyOf<'money'>>;

/** The type in words; a free (staff-issued) voucher's money says so, since it is no money received (0505). */
function useTypeCell(): (p: PaymentRow) => string {
  const t = useT('money');
  const typeText = usePaymentTypeText();
  return (p) => (p.free_voucher ? t('payments.typeFree', { type: typeText(p.payment_type) }) : typeText(p.payment_type));
}
const entryLabel = (p: PaymentRow, t: Translate<'money'>) => {
  if (p.kind === 'payment') return t('payments.entryPayment');
  const id = String(p.corrects_payment_id ?? '');
  return p.kind === 'void' ? t('payments.entryVoid', { id }) : t('payments.entryRefund', { id });
};

type Filters = { from: string; to: string; payment_type: string; kind: PaymentListKind };

/** The filters live in the URL, so a filtered view can be reloaded, shared and exported as it is. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    payment_type: params.get('type') ?? '',
    kind: PAYMENT_LIST_KINDS.find((k) => k === params.get('kind')) ?? 'all',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (patch: Partial<Filters> & { page?: number }) =>
    setParams((prev) => {
      let next = prev;
      const set = (key: string, value: string) => {
        next = withParam(next, key, value);
      };
      if (patch.from !== undefined) set('from', patch.from);
      if (patch.to !== undefined) set('to', patch.to);
      if (patch.payment_type !== undefined) set('type', patch.payment_type);
      if (patch.kind !== undefined) set('kind', patch.kind === 'all' ? '' : patch.kind);
      set('page', patch.page && patch.page > 1 ? String(patch.page) : '');
      return next;
    });
  return { filters, page, update };
}

function exportHref(f: Filters): string {
  const q = new URLSearchParams();
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.payment_type) q.set('payment_type', f.payment_type);
  if (f.kind !== 'all') q.set('kind', f.kind);
  const query = q.toString();
  return `${pathOf(ep.export.path, undefined)}${query ? `?${query}` : ''}`;
}

/** The accountant's export of the chosen days (decision 0511): it needs a range, so none before one is picked. */
function accountsHref(f: Filters): string | null {
  if (!f.from) return null;
  return `${pathOf(ep.financeExport.path, undefined)}?${new URLSearchParams({ from: f.from, to: f.to || f.from }).toString()}`;
}

/** /admin/payments: every ledger entry, filtered by when, type and kind, with totals per currency and a CSV of the same. */
export function PaymentsPage() {
  const t = useT('money');
  const typeText = usePaymentTypeText();
  const typeCell = useTypeCell();
  const { language, locale, moneyLocale } = useLocale();
  const { integer } = useReaderFormat();
  const money = (minor: number, currency: string) => formatPence(minor, currency, moneyLocale);
  // A picked day in the reader's form ('15. Juni 2030'); English keeps the ISO day the page always showed.
  const day = (iso: string) => (language === 'en' ? iso : dayText(iso, locale, 'short'));
  const headers = [
    t('payments.recorded'),
    t('payments.booking'),
    t('payments.entry'),
    t('payments.type'),
    t('payments.amount'),
    t('payments.by'),
    t('payments.reason'),
  ];
  const { filters, page, update } = useFilters();
  const [picking, setPicking] = useState(false);
  const list = useQuery({
    queryKey: [...bookingFactsRoots.payments, filters, page],
    queryFn: () =>
      api(ep.list, {
        query: { ...filters, payment_type: filters.payment_type || undefined, from: filters.from || undefined, to: filters.to || undefined, page },
      }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const accounts = accountsHref(filters);
  const range = filters.from
    ? filters.to && filters.to !== filters.from
      ? t('payments.range', { from: day(filters.from), to: day(filters.to) })
      : day(filters.from)
    : t('payments.allDates');

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('payments.title')}</h1>
          <p className="mt-1 text-slate-600">{t('payments.intro')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={exportHref(filters)} download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
            {t('payments.exportCsv')}
          </a>
          {accounts ? (
            <a href={accounts} download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
              {t('payments.exportAccounts')}
            </a>
          ) : (
            <span className="text-sm text-slate-500" data-testid="accounts-export-hint">
              {t('payments.pickDates')}
            </span>
          )}
        </div>
      </div>

      <form role="search" aria-label={t('payments.filters')} className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div>
          <span className="block text-sm font-medium text-slate-700">{t('payments.dates')}</span>
          <div className="mt-1 flex gap-2">
            <Button onClick={() => setPicking((v) => !v)} aria-expanded={picking} data-testid="payments-range">
              {range}
            </Button>
            {filters.from ? <Button onClick={() => update({ from: '', to: '' })}>{t('payments.clearDates')}</Button> : null}
          </div>
        </div>
        <Field label={t('payments.type')}>
          <Select value={filters.payment_type} onChange={(e) => update({ payment_type: e.target.value })}>
            <option value="">{t('payments.allTypes')}</option>
            {LEDGER_PAYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeText(type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('payments.entries')}>
          <Select value={filters.kind} onChange={(e) => update({ kind: PAYMENT_LIST_KINDS.find((k) => k === e.target.value) ?? 'all' })}>
            {PAYMENT_LIST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABELS[k])}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {picking ? <DateRangePicker from={filters.from} to={filters.to} onChange={update} label={t('payments.paymentDates')} /> : null}

      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState message={errorMessage(list.error, t('payments.loadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : null}
      {data ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="payment-totals">
            {data.totals.length === 0 ? <p className="text-sm text-slate-600">{t('payments.noEntries')}</p> : null}
            {data.totals.map((total) => (
              <div key={total.currency} className="rounded-xl border border-slate-200 bg-white p-4 text-sm" data-testid={`totals-${total.currency}`}>
                <p className="font-semibold">{total.currency}</p>
                <p>
                  {t('payments.received')} <strong>{money(total.received, total.currency)}</strong>
                </p>
                <p>
                  {t('payments.refunded')} <strong>{money(total.refunded, total.currency)}</strong>
                </p>
                <p>
                  {t('payments.net')} <strong data-testid={`net-${total.currency}`}>{money(total.net, total.currency)}</strong>{' '}
                  {t('payments.inEntries', { count: total.entries, entries: integer(total.entries) })}
                </p>
                {total.free_vouchers !== 0 ? (
                  <p className="mt-1 text-slate-600" data-testid={`free-vouchers-${total.currency}`}>
                    {t('payments.freeVouchers')} <strong>{money(total.free_vouchers, total.currency)}</strong>
                  </p>
                ) : null}
              </div>
            ))}
          </div>
          <Table>
            <TableHead headers={headers} />
            <tbody>
              {data.payments.length === 0 ? (
                <EmptyTableRow columns={headers.length}>{t('payments.none')}</EmptyTableRow>
              ) : (
                data.payments.map((p) => (
                  <TableRow key={p.id} className="border-t border-slate-100">
                    <TableCell>{formatTimestamp(p.created_at, DEFAULT_ADMIN_TIMEZONE)}</TableCell>
                    <TableCell>
                      <Link to={paths.admin.booking(p.booking_id)} className="text-brand-700 underline">
                        {p.booking_name ?? p.booking_email}
                      </Link>
                    </TableCell>
                    <TableCell>
                      #{p.id} {entryLabel(p, t)}
                    </TableCell>
                    <TableCell>{typeCell(p)}</TableCell>
                    <TableCell className={p.payment_amount < 0 ? 'text-red-700' : undefined}>{money(p.payment_amount, p.currency)}</TableCell>
                    <TableCell>{p.recorded_by_name ?? '—'}</TableCell>
                    <TableCell>{p.reason ?? '—'}</TableCell>
                  </TableRow>
                ))
              )}
            </tbody>
          </Table>
          {data.pagination.last_page > 1 ? (
            <Pager currentPage={data.pagination.current_page} lastPage={data.pagination.last_page} onPageChange={(p) => update({ page: p })} />
          ) : null}
        </>
      ) : null}
      <SettingsLink lead={t('payments.invoiceSettingsLead')} section="invoice-settings" label={t('payments.invoiceSettingsLink')} />
    </section>
  );
}
