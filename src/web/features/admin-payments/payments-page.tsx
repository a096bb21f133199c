import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_LIST_KINDS, type PaymentListKind, type PaymentRow } from '../../../shared/api/admin-payments';
import { LEDGER_PAYMENT_TYPES, ledgerEntryTypeLabel, paymentTypeLabel } from '../../../shared/api/admin-booking-detail';
import { adminPaymentsEndpoints as ep } from '../../../shared/api/endpoints/admin-payments';
import { pathOf } from '../../../shared/api/endpoint';
import { formatPence } from '../../../shared/money';
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

const KIND_LABELS: Record<PaymentListKind, string> = { all: 'All entries', payment: 'Payments', refund: 'Refunds', void: 'Voids' };
const HEADERS = ['Recorded', 'Booking', 'Entry', 'Type', 'Amount', 'By', 'Reason'] as const;

/** The type in words; a free (staff-issued) voucher's money says so, since it is no money received (0505). */
const typeCell = (p: PaymentRow) => ledgerEntryTypeLabel(p.payment_type, p.free_voucher);
const entryLabel = (p: PaymentRow) => (p.kind === 'payment' ? 'Payment' : `${p.kind === 'void' ? 'Void' : 'Refund'} of #${p.corrects_payment_id ?? ''}`);

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
  const range = filters.from ? (filters.to && filters.to !== filters.from ? `${filters.from} to ${filters.to}` : filters.from) : 'All dates';

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Payments</h1>
          <p className="mt-1 text-slate-600">
            Every payment, refund and void recorded against a booking, newest first. Record or refund on the booking's page.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={exportHref(filters)} download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
            Export CSV
          </a>
          {accounts ? (
            <a href={accounts} download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
              Export for accounts
            </a>
          ) : (
            <span className="text-sm text-slate-500" data-testid="accounts-export-hint">
              Pick dates to export for accounts
            </span>
          )}
        </div>
      </div>

      <form role="search" aria-label="Payment filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div>
          <span className="block text-sm font-medium text-slate-700">Dates</span>
          <div className="mt-1 flex gap-2">
            <Button onClick={() => setPicking((v) => !v)} aria-expanded={picking} data-testid="payments-range">
              {range}
            </Button>
            {filters.from ? <Button onClick={() => update({ from: '', to: '' })}>Clear dates</Button> : null}
          </div>
        </div>
        <Field label="Type">
          <Select value={filters.payment_type} onChange={(e) => update({ payment_type: e.target.value })}>
            <option value="">All types</option>
            {LEDGER_PAYMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {paymentTypeLabel(t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Entries">
          <Select value={filters.kind} onChange={(e) => update({ kind: PAYMENT_LIST_KINDS.find((k) => k === e.target.value) ?? 'all' })}>
            {PAYMENT_LIST_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {picking ? <DateRangePicker from={filters.from} to={filters.to} onChange={update} label="Payment dates" /> : null}

      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Failed to load payments. Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}
      {data ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="payment-totals">
            {data.totals.length === 0 ? <p className="text-sm text-slate-600">No entries for these filters.</p> : null}
            {data.totals.map((t) => (
              <div key={t.currency} className="rounded-xl border border-slate-200 bg-white p-4 text-sm" data-testid={`totals-${t.currency}`}>
                <p className="font-semibold">{t.currency}</p>
                <p>
                  Total received: <strong>{formatPence(t.received, t.currency)}</strong>
                </p>
                <p>
                  Refunded and voided: <strong>{formatPence(t.refunded, t.currency)}</strong>
                </p>
                <p>
                  Net: <strong data-testid={`net-${t.currency}`}>{formatPence(t.net, t.currency)}</strong> in {t.entries}{' '}
                  {t.entries === 1 ? 'entry' : 'entries'}
                </p>
                {t.free_vouchers !== 0 ? (
                  <p className="mt-1 text-slate-600" data-testid={`free-vouchers-${t.currency}`}>
                    Paid with free gift vouchers (not money received): <strong>{formatPence(t.free_vouchers, t.currency)}</strong>
                  </p>
                ) : null}
              </div>
            ))}
          </div>
          <Table>
            <TableHead headers={HEADERS} />
            <tbody>
              {data.payments.length === 0 ? (
                <EmptyTableRow columns={HEADERS.length}>No payments for these filters.</EmptyTableRow>
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
                      #{p.id} {entryLabel(p)}
                    </TableCell>
                    <TableCell>{typeCell(p)}</TableCell>
                    <TableCell className={p.payment_amount < 0 ? 'text-red-700' : undefined}>{formatPence(p.payment_amount, p.currency)}</TableCell>
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
      <SettingsLink lead="Who invoices are from and the VAT rate are set in" section="invoice-settings" label="Settings → Invoices" />
    </section>
  );
}
