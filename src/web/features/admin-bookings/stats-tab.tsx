import { lazy, Suspense, useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chartIntervalFor } from '../../../shared/chart-interval';
import { DEFAULT_ADMIN_TIMEZONE, todayIn } from '../../../shared/time';
import { Spinner } from '../../components/spinner';
import { DateRangePicker } from '../../components/date-range-picker';
import { notifyError } from '../../lib/toast';
import { bookingsKeys, fetchChart } from './bookings-api';
import { feedbackKeys, fetchFeedbackMetrics } from '../../lib/feedback-api';
import { RATING_MAX } from '../../../shared/feedback';
import { RANGE_PRESETS, type BookingsUrlState, type RangePreset } from './bookings-url';
import { resolveRange } from './date-ranges';
import { MetricCard } from './bookings-ui';
import { LEADS_CAPTION } from '../../../shared/leads';
import { useMessageText, useT } from '../../lib/i18n';

const EnquiryLeadChart = lazy(() => import('./enquiry-lead-chart'));

type Props = { state: BookingsUrlState; update: (patch: Partial<BookingsUrlState>) => void };

/** Enquiries and leads over time, for a preset or custom range; the interval follows the range length. */
/** The presets' names, as keys of the admin catalogue. */
const RANGE_KEYS = {
  today: 'stats.today',
  yesterday: 'stats.yesterday',
  last_7_days: 'stats.last7',
  last_30_days: 'stats.last30',
  this_month: 'stats.thisMonth',
  last_month: 'stats.lastMonth',
  year_to_date: 'stats.yearToDate',
  custom: 'stats.custom',
} as const satisfies Record<RangePreset, string>;
/** The interval's caption (in English the shared rule's own words, `intervalCaption`). */
const INTERVAL_KEYS = { daily: 'stats.daily', weekly: 'stats.weekly', monthly: 'stats.monthly' } as const;

export function StatsTab({ state, update }: Props) {
  const t = useT('admin');
  const message = useMessageText();
  const chartFailed = t('stats.loadFailed');
  const selectId = useId();
  const today = todayIn(DEFAULT_ADMIN_TIMEZONE);
  const { start, end } = resolveRange(state.range, today, state.from, state.to);
  const interval = chartIntervalFor(start, end);
  const chart = useQuery({ queryKey: bookingsKeys.chart(start, end, interval), queryFn: () => fetchChart(start, end, interval) });
  // The booker's ratings of the games played in the same range (issue 31): their average beside the totals.
  const ratings = useQuery({ queryKey: feedbackKeys.metrics(start, end), queryFn: () => fetchFeedbackMetrics(start, end) });
  const failed = chart.isError;
  useEffect(() => {
    if (failed) notifyError(chartFailed);
  }, [failed, chartFailed]);

  function choosePreset(range: RangePreset) {
    if (range === 'custom') update({ range, from: start, to: end });
    else update({ range, from: '', to: '' });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('stats.title')}</h2>
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
            {t('stats.dateRange')}
          </label>
          <select
            id={selectId}
            value={state.range}
            onChange={(e) => choosePreset(RANGE_PRESETS.find((p) => p === e.target.value) ?? 'last_30_days')}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(RANGE_KEYS[p])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.range === 'custom' && <DateRangePicker from={start} to={end} latest={today} onChange={update} label={t('stats.customRange')} />}
      <p className="text-sm text-slate-600">
        {start === end ? start : t('stats.fromTo', { start, end })} · <span data-testid="interval-caption">{t(INTERVAL_KEYS[interval])}</span>
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <MetricCard label={t('stats.enquiries')} testId="total-enquiries" value={chart.data?.totals.enquiries ?? '–'} />
        <MetricCard label={t('stats.leads')} testId="total-leads" value={chart.data?.totals.leads ?? '–'} />
        <MetricCard
          label={t('stats.rating')}
          testId="average-rating"
          value={
            ratings.data?.average != null
              ? t('stats.ratingValue', { average: ratings.data.average.toFixed(1), max: RATING_MAX, count: ratings.data.count })
              : '–'
          }
        />
      </div>
      <p className="text-sm text-slate-600" data-testid="leads-caption">
        {message(LEADS_CAPTION)}
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        {chart.isPending ? (
          <Spinner />
        ) : chart.data ? (
          <Suspense fallback={<Spinner />}>
            <EnquiryLeadChart data={chart.data.data} />
          </Suspense>
        ) : (
          <p className="py-8 text-center text-slate-600">{t('stats.noData')}</p>
        )}
      </div>
    </div>
  );
}
