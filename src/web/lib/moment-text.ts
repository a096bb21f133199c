import { isValidTimeZone } from '../../shared/time';

/**
 * 'Wednesday 1 July 2026 at 15:00' for a UTC instant seen in a zone; '' when either is unusable.
 * The one wording of a game moment, shared by the booking wizard's summary and the booker's pages.
 */
export function formatMomentIn(utcIso: string, timeZone: string, locale?: string): string {
  const instant = new Date(utcIso);
  if (!utcIso || Number.isNaN(instant.getTime()) || !isValidTimeZone(timeZone)) return '';
  // Another reader's language (decision 0590): that locale's own long form ('Mittwoch, 1. Juli 2026 um 15:00').
  if (locale && !locale.startsWith('en')) return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(instant);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')}`;
}
