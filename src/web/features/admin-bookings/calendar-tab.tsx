import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import type { CalendarItem, CalendarMetrics } from '../../../shared/api/admin-bookings';
import { formatMoney } from '../../../shared/money';
import { DEFAULT_ADMIN_TIMEZONE, todayIn } from '../../../shared/time';
import { paths } from '../../lib/paths';
import { bookingsKeys, fetchCalendar, fetchCalendarMetrics } from './bookings-api';
import type { BookingsUrlState } from './bookings-url';
import { MetricCard } from './bookings-ui';
import { Button } from '../../components/ui';
import { useLocale, useT } from '../../lib/i18n';

const DAY = 'yyyy-MM-dd';

/** The month on screen: `?month=yyyy-MM`, else this month in London. */
export function monthOf(month: string): Date {
  const parsed = month ? parse(`${month}-01`, DAY, new Date()) : null;
  if (parsed && isValid(parsed)) return parsed;
  return startOfMonth(parse(todayIn(DEFAULT_ADMIN_TIMEZONE), DAY, new Date()));
}

/** Each currency's figure, never added across currencies: '£240 · $1,000'; £0 without any. */
function perCurrency(m: CalendarMetrics, pick: (r: CalendarMetrics['revenue'][number]) => number, locale: string | undefined): string {
  if (m.revenue.length === 0) return formatMoney(0, 'GBP', locale);
  return m.revenue.map((r) => formatMoney(pick(r), r.currency, locale)).join(' · ');
}

/** Monday to Sunday in the reader's words (a Monday in January 2024 onwards), long and short. */
function weekdays(locale: string): { long: string; short: string }[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i))).map((d) => ({ long: long.format(d), short: short.format(d) }));
}

type Props = { state: BookingsUrlState; update: (patch: Partial<BookingsUrlState>) => void };

/** A Monday-to-Sunday month grid of the games (paid and completed bookings by game date). */
export function CalendarTab({ state, update }: Props) {
  const t = useT('admin');
  const { locale, moneyLocale } = useLocale();
  const month = monthOf(state.month);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(month);
  const monthStart = format(month, DAY);
  const monthEnd = format(endOfMonth(month), DAY);
  const gridStart = startOfWeek(month, { weekStartsOn: 1 });
  const gridEnd = endOfWeek(endOfMonth(month), { weekStartsOn: 1 });
  const [from, to] = [format(gridStart, DAY), format(gridEnd, DAY)];

  const calendar = useQuery({ queryKey: bookingsKeys.calendar(from, to), queryFn: () => fetchCalendar(from, to) });
  const metrics = useQuery({ queryKey: bookingsKeys.calendarMetrics(monthStart, monthEnd), queryFn: () => fetchCalendarMetrics(monthStart, monthEnd) });
  // Spec section 8: calendar and metric load failures are only logged.
  useEffect(() => {
    if (calendar.error) console.warn('Failed to load calendar bookings', calendar.error);
  }, [calendar.error]);
  useEffect(() => {
    if (metrics.error) console.warn('Failed to load calendar metrics', metrics.error);
  }, [metrics.error]);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const b of calendar.data?.bookings ?? []) map.set(b.date, [...(map.get(b.date) ?? []), b]);
    return map;
  }, [calendar.data]);
  const days = eachDayOfInterval({ start: gridStart, end: gridEnd });
  const m = metrics.data;
  const go = (delta: number) => update({ month: format(addMonths(month, delta), 'yyyy-MM') });

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <MetricCard label={t('calendar.revenue')} testId="calendar-revenue" value={m ? perCurrency(m, (r) => r.net, moneyLocale) : '–'} />
        <MetricCard label={t('calendar.bookings')} testId="calendar-bookings" value={m?.total_bookings ?? '–'} />
        <MetricCard label={t('calendar.average')} testId="calendar-average" value={m ? perCurrency(m, (r) => r.average, moneyLocale) : '–'} />
      </div>
      <p className="text-xs text-slate-600" data-testid="calendar-metrics-basis">
        {t('calendar.basis')}
      </p>
      <div className="flex items-center justify-between gap-3">
        <Button onClick={() => go(-1)}>{t('calendar.previous')}</Button>
        <h2 className="text-lg font-semibold" aria-live="polite">
          {monthName}
        </h2>
        <Button onClick={() => go(1)}>{t('calendar.next')}</Button>
      </div>
      <div className="flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm bg-brand-100" aria-hidden="true" /> {t('calendar.selfRun')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm bg-violet-200" aria-hidden="true" /> {t('calendar.hosted')}
        </span>
      </div>
      <div className="overflow-x-auto">
        <div
          role="grid"
          aria-label={t('calendar.gamesIn', { month: monthName })}
          className="grid min-w-[700px] grid-cols-7 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200"
        >
          <div role="row" className="contents">
            {weekdays(locale).map((d) => (
              <div key={d.long} role="columnheader" className="bg-slate-50 px-2 py-1 text-center text-xs font-semibold text-slate-600">
                <abbr title={d.long} className="no-underline">
                  {d.short}
                </abbr>
              </div>
            ))}
          </div>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <div key={week} role="row" className="contents">
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const key = format(day, DAY);
                const games = byDay.get(key) ?? [];
                return (
                  <div
                    key={key}
                    role="gridcell"
                    data-date={key}
                    className={`min-h-24 p-1.5 ${isSameMonth(day, month) ? 'bg-white' : 'bg-slate-50 text-slate-600'}`}
                  >
                    <span className="block text-xs font-semibold">{format(day, 'd')}</span>
                    <ul className="mt-1 space-y-1">
                      {games.map((b) => (
                        <li key={b.id}>
                          <Link
                            to={paths.admin.booking(b.id)}
                            data-hosted={b.hosted ? 'true' : 'false'}
                            title={b.hosted ? t('calendar.hostedGame') : t('calendar.selfRunGame')}
                            className={`block truncate rounded px-1.5 py-0.5 text-xs hover:underline ${b.hosted ? 'bg-violet-200 text-violet-900' : 'bg-brand-100 text-slate-900'}`}
                          >
                            {b.full_name ?? b.email} ({b.players})
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
