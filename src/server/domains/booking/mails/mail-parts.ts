import { format, isValid, parse } from 'date-fns';
import { API_DATE, SELECTABLE_TIMEZONES } from '../../../../shared/time';
import { meetingTimeOf } from '../../../../shared/meeting-time';
import { escapeHtml } from '../../../../shared/html';

/** What the booking's mails are made of: their greeting, the game's local date and time, and a table of details. */

/** 'Hi Ann,' (or 'Hi,' without a name). */
export function greeting(name: string | null): string {
  return name ? `Hi ${name},` : 'Hi,';
}

/** The game's own local date and time: stored as the booker chose them, in the game's zone. */
export function whenText(b: { date: string; meetingTime: unknown; timezone: string }): { date: string; time: string } {
  const day = parse(b.date, API_DATE, new Date(0));
  const zoneLabel = SELECTABLE_TIMEZONES.find((z) => z.zone === b.timezone)?.label ?? b.timezone;
  // A stored time that cannot be read is the spec's fallback, 14:00 (shared/meeting-time.ts).
  const time = meetingTimeOf(b.meetingTime);
  const hh = String(time.hour).padStart(2, '0');
  const mm = String(time.minute).padStart(2, '0');
  return { date: isValid(day) ? format(day, 'EEEE d MMMM yyyy') : b.date, time: `${hh}:${mm} (${zoneLabel} time)` };
}

/** Label and value rows as an HTML table, each cell escaped. */
export function htmlRows(rows: readonly (readonly [string, string])[]): string {
  return `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
}
