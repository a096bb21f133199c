import { addDays, endOfMonth, format, parse, startOfMonth, startOfYear, subMonths } from 'date-fns';
import type { RangePreset } from './bookings-url';

const DAY = 'yyyy-MM-dd';

/**
 * The dates (yyyy-MM-dd, inclusive) of a preset, counted from `today` (London). A custom range uses
 * from/to, never after today; an incomplete one falls back to its single day, or the last 30 days.
 */
export function resolveRange(preset: RangePreset, today: string, from = '', to = ''): { start: string; end: string } {
  const t = parse(today, DAY, new Date());
  const d = (date: Date) => format(date, DAY);
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: d(addDays(t, -1)), end: d(addDays(t, -1)) };
    case 'last_7_days':
      return { start: d(addDays(t, -6)), end: today };
    case 'this_month':
      return { start: d(startOfMonth(t)), end: today };
    case 'last_month': {
      const last = subMonths(t, 1);
      return { start: d(startOfMonth(last)), end: d(endOfMonth(last)) };
    }
    case 'year_to_date':
      return { start: d(startOfYear(t)), end: today };
    case 'custom': {
      const start = from && from <= today ? from : '';
      const end = to && to <= today ? to : start;
      if (start && end && start <= end) return { start, end };
      return resolveRange('last_30_days', today);
    }
    case 'last_30_days':
      return { start: d(addDays(t, -29)), end: today };
  }
}
