import { format, parseISO } from 'date-fns';

const ENGLISH = { long: 'd MMMM yyyy', short: 'd MMM yyyy', weekday: 'EEEE d MMMM yyyy' } as const;

/**
 * A day as the reader writes it: '15 June 2030' ('long'), '15 Jun 2030' ('short') or 'Saturday 15 June 2030'
 * ('weekday') in English, as the pages always wrote it (date-fns); another language's own form through Intl
 * ('15. Juni 2030'). A text that is no date is shown as it is.
 */
export function dayText(iso: string, locale: string | undefined, style: 'long' | 'short' | 'weekday' = 'long'): string {
  const day = parseISO(iso);
  if (Number.isNaN(day.getTime())) return iso;
  if (!locale || locale.startsWith('en')) return format(day, ENGLISH[style]);
  const month = style === 'short' ? 'short' : 'long';
  return new Intl.DateTimeFormat(locale, { ...(style === 'weekday' ? { weekday: 'long' } : {}), day: 'numeric', month, year: 'numeric' }).format(day);
}
