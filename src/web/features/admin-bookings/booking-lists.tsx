import { Button, EmptyState, ErrorState, Table } from '../../components/ui';
import { useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAD_STATUS_LABELS, type BookingListItem } from '../../../shared/api/booking';
import { LIST_LEAD_STATUSES, type ListLeadStatus } from '../../../shared/api/admin-bookings';
import { DEFAULT_ADMIN_TIMEZONE, formatGameDate, formatTimestamp } from '../../../shared/time';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { notifyError } from '../../lib/toast';
import { bookingsKeys, EXPORT_URL, fetchBookings, fetchLeadMetrics, fetchMetrics } from './bookings-api';
import { exportUrl, listQuery, type AllTabStatus, type BookingsUrlState } from './bookings-url';
import { EmailButton, MetricCard, SourceIcon, StatusBadge, OverdueBadge, SubTabs, ViewLink } from './bookings-ui';

export const LOAD_BOOKINGS_FAILED = 'Failed to load bookings';

type TabProps = { state: BookingsUrlState; update: (patch: Partial<BookingsUrlState>) => void };

/** The list query of a tab, with the spec's toast when it fails. */
function useBookingList(state: BookingsUrlState) {
  const query = listQuery(state);
  const list = useQuery({ queryKey: bookingsKeys.list(query), queryFn: ({ signal }) => fetchBookings(query, signal), placeholderData: keepPreviousData });
  // Every failed load toasts, a failed Retry too (errorUpdatedAt changes with each failure).
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notifyError(LOAD_BOOKINGS_FAILED);
  }, [failedAt]);
  return list;
}

/** Metric load failures are only logged (spec section 8). */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.warn(`Failed to load ${what}`, error);
  }, [error, what]);
}

function SearchBanner({ search, total, onClear }: { search: string; total: number | undefined; onClear: () => void }) {
  if (!search || total === undefined) return null;
  return (
    <div role="status" className="flex items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm">
      <span>
        Showing {total} results for &quot;{search}&quot;
      </span>
      <Button onClick={onClear}>Clear</Button>
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
  const data = props.list.data;
  if (props.list.isPending) return <Spinner />;
  // A failed load is not an empty list: say so and offer Retry, never 'No bookings found.'
  if (props.list.isError) return <ErrorState message={LOAD_BOOKINGS_FAILED} retrying={props.list.isFetching} onRetry={() => void props.list.refetch()} />;
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

const ALL_TABS: { value: AllTabStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'enquiry', label: 'Enquiries' },
  { value: 'lead', label: 'Leads' },
  { value: 'paid', label: 'Paid' },
  { value: 'completed', label: 'Played' },
];

export function AllBookingsTab({ state, update }: TabProps) {
  const list = useBookingList(state);
  const metrics = useQuery({ queryKey: bookingsKeys.metrics, queryFn: fetchMetrics });
  useLogFailure(metrics.error, 'booking metrics');
  const m = metrics.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SubTabs
          label="Booking status"
          tabs={ALL_TABS}
          value={state.filter ? 'paid' : state.status}
          onChange={(status) => update({ status, filter: null, page: 1 })}
        />
        <Button size="md" onClick={() => window.location.assign(exportUrl(EXPORT_URL, state))}>
          Export
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <MetricCard
          label="All Bookings"
          testId="metric-total"
          value={m?.total ?? '–'}
          active={!state.filter && state.status === 'all'}
          onClick={() => update({ status: 'all', filter: null, page: 1 })}
        />
        <MetricCard
          label="Need Venues"
          testId="metric-need-venues"
          value={m?.need_venues ?? '–'}
          active={state.filter === 'need_venues'}
          onClick={() => update({ status: 'paid', filter: 'need_venues', page: 1 })}
        />
        <MetricCard
          label="Need Hosts"
          testId="metric-need-hosts"
          value={m?.need_hosts ?? '–'}
          active={state.filter === 'need_hosts'}
          onClick={() => update({ status: 'paid', filter: 'need_hosts', page: 1 })}
        />
        <MetricCard
          label="Unactivated"
          testId="metric-unactivated"
          value={m?.unactivated ?? '–'}
          active={state.filter === 'unactivated'}
          onClick={() => update({ status: 'paid', filter: 'unactivated', page: 1 })}
        />
        <MetricCard
          label="Upcoming Games"
          testId="metric-upcoming"
          value={m?.upcoming ?? '–'}
          active={!state.filter && state.status === 'paid'}
          onClick={() => update({ status: 'paid', filter: null, page: 1 })}
        />
        <MetricCard
          label="Played Games"
          testId="metric-played"
          value={m?.played ?? '–'}
          active={!state.filter && state.status === 'completed'}
          onClick={() => update({ status: 'completed', filter: null, page: 1 })}
        />
      </div>
      <SearchBanner search={state.search} total={list.data?.pagination.total} onClear={() => update({ search: '', page: 1 })} />
      <BookingTable
        list={list}
        empty="No bookings found."
        headers={['Code', 'Name', 'Email', 'Players', 'Date', 'Status', 'Source', 'Actions']}
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

const LEAD_TABS: { value: ListLeadStatus; label: string }[] = LIST_LEAD_STATUSES.map((value) => ({
  value,
  label: value === 'all' ? 'All' : LEAD_STATUS_LABELS[value],
}));

export function LeadsTab({ state, update }: TabProps) {
  const list = useBookingList(state);
  const metrics = useQuery({ queryKey: bookingsKeys.leadMetrics, queryFn: fetchLeadMetrics });
  useLogFailure(metrics.error, 'lead metrics');
  const m = metrics.data;
  const n = (v: number | undefined) => v ?? '–';

  return (
    <div className="space-y-4">
      <SubTabs label="Lead status" tabs={LEAD_TABS} value={state.leadStatus} onChange={(leadStatus) => update({ leadStatus, page: 1 })} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        <MetricCard label="Converted" testId="lead-metric-converted" value={n(m?.converted_leads)} />
        <MetricCard label="New" testId="lead-metric-new" value={n(m?.new_leads)} />
        <MetricCard label="Contacted" testId="lead-metric-contacted" value={n(m?.contacted_leads)} />
        <MetricCard label="Negotiating" testId="lead-metric-negotiating" value={n(m?.negotiating_leads)} />
        <MetricCard label="Lost" testId="lead-metric-lost" value={n(m?.lost_leads)} />
        <MetricCard label="Total Leads" testId="lead-metric-total" value={n(m?.total_leads)} />
        <MetricCard label="Conversion Rate" testId="lead-metric-rate" value={m ? `${m.conversion_rate}%` : '–'} />
      </div>
      <SearchBanner search={state.search} total={list.data?.pagination.total} onClear={() => update({ search: '', page: 1 })} />
      <BookingTable
        list={list}
        empty="No leads found."
        headers={['Added', 'Name', 'Email', 'Players', 'Status', 'Last Contact', 'Actions']}
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
            <td className={`${td} whitespace-nowrap`}>{b.last_contact_at ? formatTimestamp(b.last_contact_at, DEFAULT_ADMIN_TIMEZONE) : 'No contact yet'}</td>
            <td className={td}>
              <ViewLink id={b.id} />
            </td>
          </>
        )}
      />
    </div>
  );
}
