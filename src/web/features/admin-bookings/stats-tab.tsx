import { lazy, Suspense, useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chartIntervalFor, intervalCaption } from '../../../shared/chart-interval';
import { DEFAULT_ADMIN_TIMEZONE, todayIn } from '../../../shared/time';
import { Spinner } from '../../components/spinner';
import { DateRangePicker } from '../../components/date-range-picker';
import { notifyError } from '../../lib/toast';
import { bookingsKeys, fetchChart } from './bookings-api';
import { feedbackKeys, fetchFeedbackMetrics } from '../../lib/feedback-api';
import { RATING_MAX } from '../../../shared/feedback';
import { RANGE_PRESETS, type BookingsUrlState, type RangePreset } from './bookings-url';
import { RANGE_LABELS, resolveRange } from './date-ranges';
import { MetricCard } from './bookings-ui';
import { LEADS_CAPTION } from '../../../shared/leads';

const EnquiryLeadChart = lazy(() => import('./enquiry-lead-chart'));

export const LOAD_CHART_FAILED = 'Failed to load chart data';

type Props = { state: BookingsUrlState; update: (patch: Partial<BookingsUrlState>) => void };

/** Enquiries and leads over time, for a preset or custom range; the interval follows the range length. */
export function StatsTab({ state, update }: Props) {
  const selectId = useId();
  const today = todayIn(DEFAULT_ADMIN_TIMEZONE);
  const { start, end } = resolveRange(state.range, today, state.from, state.to);
  const interval = chartIntervalFor(start, end);
  const chart = useQuery({ queryKey: bookingsKeys.chart(start, end, interval), queryFn: () => fetchChart(start, end, interval) });
  // The booker's ratings of the games played in the same range (issue 31): their average beside the totals.
  const ratings = useQuery({ queryKey: feedbackKeys.metrics(start, end), queryFn: () => fetchFeedbackMetrics(start, end) });
  const failed = chart.isError;
  useEffect(() => {
    if (failed) notifyError(LOAD_CHART_FAILED);
  }, [failed]);

  function choosePreset(range: RangePreset) {
    if (range === 'custom') update({ range, from: start, to: end });
    else update({ range, from: '', to: '' });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">{'Enquiries & Leads Over Time'}</h2>
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
            Date range
          </label>
          <select
            id={selectId}
            value={state.range}
            onChange={(e) => choosePreset(RANGE_PRESETS.find((p) => p === e.target.value) ?? 'last_30_days')}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {RANGE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.range === 'custom' && <DateRangePicker from={start} to={end} latest={today} onChange={update} label="Custom date range" />}
      <p className="text-sm text-slate-600">
        {start === end ? start : `${start} to ${end}`} · <span data-testid="interval-caption">{intervalCaption(interval)}</span>
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <MetricCard label="Total Enquiries" testId="total-enquiries" value={chart.data?.totals.enquiries ?? '–'} />
        <MetricCard label="Total Leads" testId="total-leads" value={chart.data?.totals.leads ?? '–'} />
        <MetricCard
          label="Average Rating"
          testId="average-rating"
          value={
            ratings.data?.average != null
              ? `${ratings.data.average.toFixed(1)} / ${RATING_MAX} (${ratings.data.count} ${ratings.data.count === 1 ? 'rating' : 'ratings'})`
              : '–'
          }
        />
      </div>
      <p className="text-sm text-slate-600" data-testid="leads-caption">
        {LEADS_CAPTION}
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        {chart.isPending ? (
          <Spinner />
        ) : chart.data ? (
          <Suspense fallback={<Spinner />}>
            <EnquiryLeadChart data={chart.data.data} />
          </Suspense>
        ) : (
          <p className="py-8 text-center text-slate-600">No chart data.</p>
        )}
      </div>
    </div>
  );
}
