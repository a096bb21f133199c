import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  format,
  getISOWeek,
  getISOWeekYear,
  isValid,
  parse,
  startOfISOWeek,
  startOfMonth,
} from 'date-fns';

export const CHART_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

const API_DATE = 'yyyy-MM-dd';

function parseDay(value: string): Date | null {
  const day = parse(value, API_DATE, new Date(0));
  return isValid(day) && format(day, API_DATE) === value ? day : null;
}

/** Days in an inclusive range of API dates (yyyy-MM-dd): today..today is 1 day. 0 when invalid or reversed. */
export function rangeLengthInDays(startDate: string, endDate: string): number {
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  if (!start || !end) return 0;
  const days = differenceInCalendarDays(end, start) + 1;
  return days > 0 ? days : 0;
}

/** Spec section 5 and 9: over 90 days monthly, over 30 weekly (31 to 90), otherwise daily. */
export function chartIntervalForDays(days: number): ChartInterval {
  if (days > 90) return 'monthly';
  if (days > 30) return 'weekly';
  return 'daily';
}

export function chartIntervalFor(startDate: string, endDate: string): ChartInterval {
  return chartIntervalForDays(rangeLengthInDays(startDate, endDate));
}

/** The caption under the chart. */
export function intervalCaption(interval: ChartInterval): string {
  return `Showing ${interval} data`;
}

/** The bucket key of a local calendar day: yyyy-MM-dd, ISO week yyyy-Www, or yyyy-MM. */
export function bucketKey(day: Date, interval: ChartInterval): string {
  if (interval === 'daily') return format(day, API_DATE);
  if (interval === 'monthly') return format(day, 'yyyy-MM');
  return `${getISOWeekYear(day)}-W${String(getISOWeek(day)).padStart(2, '0')}`;
}

/** Every bucket key from the start date to the end date (inclusive), in order, each once: the chart's x axis. */
export function bucketKeys(startDate: string, endDate: string, interval: ChartInterval): string[] {
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  if (!start || !end || end < start) return [];
  const keys: string[] = [];
  const first = interval === 'daily' ? start : interval === 'weekly' ? startOfISOWeek(start) : startOfMonth(start);
  const step = (d: Date) => (interval === 'daily' ? addDays(d, 1) : interval === 'weekly' ? addWeeks(d, 1) : addMonths(d, 1));
  for (let d = first; d <= end; d = step(d)) keys.push(bucketKey(d, interval));
  return keys;
}
