import { Button, EmptyState, ErrorState, Table } from '../../components/ui';
import { useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingListItem } from '../../../shared/api/booking';
import { LIST_LEAD_STATUSES, type ListLeadStatus } from '../../../shared/api/admin-bookings';
import { DEFAULT_ADMIN_TIMEZONE, formatGameDate, formatTimestamp } from '../../../shared/time';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { notifyError } from '../../lib/toast';
import { bookingsKeys, EXPORT_URL, fetchBookings, fetchLeadMetrics, fetchMetrics } from './bookings-api';
import { exportUrl, listQuery, type AllTabStatus, type BookingsUrlState } from './bookings-url';
import { useT } from '../../lib/i18n';
import { EmailButton, MetricCard, SourceIcon, StatusBadge, OverdueBadge, SubTabs, ViewLink } from './bookings-ui';

type TabProps = { state: BookingsUrlState; update: (patch: Partial<BookingsUrlState>) => void };

/** The list query of a tab, with the spec's toast when it fails. */
function useBookingList(state: BookingsUrlState) {
  const t = useT('admin');
  const failedText = t('bookings.loadFailed');
  const query = listQuery(state);
  const list = useQuery({ queryKey: bookingsKeys.list(query), queryFn: ({ signal }) => fetchBookings(query, signal), placeholderData: keepPreviousData });
  // Every failed load toasts, a failed Retry too (errorUpdatedAt changes with each failure).
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notifyError(failedText);
  }, [failedAt, failedText]);
  return list;
}

/** Metric load failures are only logged (spec section 8). */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.warn(`Failed to load ${what}`, error);
  }, [error, what]);
}

function SearchBanner({ search, total, onClear }: { search: string; total: number | undefined; onClear: () => void }) {
  const t = useT('admin');
  if (!search || total === undefined) return null;
  return (
    <div role="status" className="flex items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm">
      <span>{t('bookings.searchResults', { total, search })}</span>
      <Button onClick={onClear}>{t('bookings.clear')}</Button>
    </div>
  );
}

function gameDate(b: BookingListItem): string {
  return formatGameDate(b.date, { utcDateTime: b.utcDateTime, timezone: b.timezone });
}

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-3 py-2 align-top';

/** A tab's booking table: a spinner while loading, its empty text, one row per booking, and the pager. */
function BookingTable(props: {
  list: ReturnType<typeof useBookingList>;
  empty: string;
  headers: string[];
  row: (b: BookingListItem) => ReactNode;
  onPageChange: (page: number) => void;
}) {
  const t = useT('admin');
  const data = props.list.data;
  if (props.list.isPending) return <Spinner />;
  // A failed load is not an empty list: say so and offer Retry, never 'No bookings found.'
  if (props.list.isError) return <ErrorState message={t('bookings.loadFailed')} retrying={props.list.isFetching} onRetry={() => void props.list.refetch()} />;
  if (!data || data.bookings.length === 0) return <EmptyState>{props.empty}</EmptyState>;
  return (
    <>
      <Table className="divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            {props.headers.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.bookings.map((b) => (
            <tr key={b.id} data-booking-id={b.id}>
              {props.row(b)}
            </tr>
          ))}
        </tbody>
      </Table>
      {data.pagination.last_page > 1 && (
        <Pager currentPage={data.pagination.current_page} lastPage={data.pagination.last_page} onPageChange={props.onPageChange} />
      )}
    </>
  );
}

const ALL_TABS = [
  { value: 'all', label: 'bookings.tabAll' },
  { value: 'enquiry', label: 'bookings.tabEnquiries' },
  { value: 'lead', label: 'bookings.tabLeads' },
  { value: 'paid', label: 'bookings.tabPaid' },
  { value: 'completed', label: 'bookings.tabPlayed' },
] as const satisfies readonly { value: AllTabStatus; label: string }[];

export function AllBookingsTab({ state, update }: TabProps) {
  const t = useT('admin');
  const list = useBookingList(state);
  const metrics = useQuery({ queryKey: bookingsKeys.metrics, queryFn: fetchMetrics });
  useLogFailure(metrics.error, 'booking metrics');
  const m = metrics.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SubTabs
          label={t('bookings.statusLabel')}
          tabs={ALL_TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
          value={state.filter ? 'paid' : state.status}
          onChange={(status) => update({ status, filter: null, page: 1 })}
        />
        <Button size="md" onClick={() => window.location.assign(exportUrl(EXPORT_URL, state))}>
          {t('bookings.export')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <MetricCard
          label={t('bookings.viewAll')}
          testId="metric-total"
          value={m?.total ?? '–'}
          active={!state.filter && state.status === 'all'}
          onClick={() => update({ status: 'all', filter: null, page: 1 })}
        />
        <MetricCard
          label={t('bookings.needVenues')}
          testId="metric-need-venues"
          value={m?.need_venues ?? '–'}
          active={state.filter === 'need_venues'}
          onClick={() => update({ status: 'paid', filter: 'need_venues', page: 1 })}
        />
        <MetricCard
          label={t('bookings.needHosts')}
          testId="metric-need-hosts"
          value={m?.need_hosts ?? '–'}
          active={state.filter === 'need_hosts'}
          onClick={() => update({ status: 'paid', filter: 'need_hosts', page: 1 })}
        />
        <MetricCard
          label={t('bookings.unactivated')}
          testId="metric-unactivated"
          value={m?.unactivated ?? '–'}
          active={state.filter === 'unactivated'}
          onClick={() => update({ status: 'paid', filter: 'unactivated', page: 1 })}
        />
        <MetricCard
          label={t('bookings.upcoming')}
          testId="metric-upcoming"
          value={m?.upcoming ?? '–'}
          active={!state.filter && state.status === 'paid'}
          onClick={() => update({ status: 'paid', filter: null, page: 1 })}
        />
        <MetricCard
          label={t('bookings.played')}
          testId="metric-played"
          value={m?.played ?? '–'}
          active={!state.filter && state.status === 'completed'}
          onClick={() => update({ status: 'completed', filter: null, page: 1 })}
        />
      </div>
      <SearchBanner search={state.search} total={list.data?.pagination.total} onClear={() => update({ search: '', page: 1 })} />
      <BookingTable
        list={list}
        empty={t('bookings.empty')}
        headers={[
          t('bookings.colCode'),
          t('bookings.colName'),
          t('bookings.colEmail'),
          t('bookings.colPlayers'),
          t('bookings.colDate'),
          t('bookings.colStatus'),
          t('bookings.colSource'),
          t('bookings.colActions'),
        ]}
        onPageChange={(page) => update({ page })}
        row={(b) => (
          <>
            <td className={`${td} font-mono`}>{b.code}</td>
            <td className={td}>{b.full_name ?? '—'}</td>
            <td className={td}>
              <EmailButton email={b.email} />
            </td>
            <td className={td}>{b.players}</td>
            <td className={`${td} whitespace-nowrap`}>{gameDate(b)}</td>
            <td className={td}>
              <StatusBadge status={b.booking_status} />
              <OverdueBadge overdue={b.balance_overdue} />
            </td>
            <td className={td}>
              <SourceIcon source={b.source} />
            </td>
            <td className={td}>
              <ViewLink id={b.id} />
            </td>
          </>
        )}
      />
    </div>
  );
}

/** The lead tabs: All, then each lead status by its name. */
const LEAD_TAB_KEYS = {
  all: 'bookings.tabAll',
  new: 'bookings.leadNew',
  contacted: 'bookings.leadContacted',
  negotiating: 'bookings.leadNegotiating',
  lost: 'bookings.leadLost',
  converted: 'bookings.leadConverted',
} as const satisfies Record<ListLeadStatus, string>;

export function LeadsTab({ state, update }: TabProps) {
  const t = useT('admin');
  const leadTabs = LIST_LEAD_STATUSES.map((value) => ({ value, label: t(LEAD_TAB_KEYS[value]) }));
  const list = useBookingList(state);
  const metrics = useQuery({ queryKey: bookingsKeys.leadMetrics, queryFn: fetchLeadMetrics });
  useLogFailure(metrics.error, 'lead metrics');
  const m = metrics.data;
  const n = (v: number | undefined) => v ?? '–';

  return (
    <div className="space-y-4">
      <SubTabs label={t('bookings.leadStatusLabel')} tabs={leadTabs} value={state.leadStatus} onChange={(leadStatus) => update({ leadStatus, page: 1 })} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        <MetricCard label={t('bookings.leadConverted')} testId="lead-metric-converted" value={n(m?.converted_leads)} />
        <MetricCard label={t('bookings.leadNew')} testId="lead-metric-new" value={n(m?.new_leads)} />
        <MetricCard label={t('bookings.leadContacted')} testId="lead-metric-contacted" value={n(m?.contacted_leads)} />
        <MetricCard label={t('bookings.leadNegotiating')} testId="lead-metric-negotiating" value={n(m?.negotiating_leads)} />
        <MetricCard label={t('bookings.leadLost')} testId="lead-metric-lost" value={n(m?.lost_leads)} />
        <MetricCard label={t('bookings.leadTotal')} testId="lead-metric-total" value={n(m?.total_leads)} />
        <MetricCard label={t('bookings.leadRate')} testId="lead-metric-rate" value={m ? `${m.conversion_rate}%` : '–'} />
      </div>
      <SearchBanner search={state.search} total={list.data?.pagination.total} onClear={() => update({ search: '', page: 1 })} />
      <BookingTable
        list={list}
        empty={t('bookings.emptyLeads')}
        headers={[
          t('bookings.colAdded'),
          t('bookings.colName'),
          t('bookings.colEmail'),
          t('bookings.colPlayers'),
          t('bookings.colStatus'),
          t('bookings.colLastContact'),
          t('bookings.colActions'),
        ]}
        onPageChange={(page) => update({ page })}
        row={(b) => (
          <>
            <td className={`${td} whitespace-nowrap`}>{formatTimestamp(b.created_at, DEFAULT_ADMIN_TIMEZONE)}</td>
            <td className={td}>
              <span className="block">{b.full_name ?? '—'}</span>
              {b.company_name && <span className="block text-xs text-slate-500">{b.company_name}</span>}
            </td>
            <td className={td}>
              <EmailButton email={b.email} />
            </td>
            <td className={td}>{b.players}</td>
            <td className={td}>
              <StatusBadge status={b.lead_status} />
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {b.last_contact_at ? formatTimestamp(b.last_contact_at, DEFAULT_ADMIN_TIMEZONE) : t('bookings.noContact')}
            </td>
            <td className={td}>
              <ViewLink id={b.id} />
            </td>
          </>
        )}
      />
    </div>
  );
}
