import { format, parseISO } from 'date-fns';

/**
 * A day as the reader writes it: '15 June 2030' ('long') or '15 Jun 2030' ('short') in English, as the pages always
 * wrote it (date-fns); another language's own form through Intl ('15. Juni 2030').
 */
export function dayText(iso: string, locale: string | undefined, style: 'long' | 'short' = 'long'): string {
  const day = parseISO(iso);
  if (!locale || locale.startsWith('en')) return format(day, style === 'long' ? 'd MMMM yyyy' : 'd MMM yyyy');
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: style, year: 'numeric' }).format(day);
}
