import { format, isValid, parse } from 'date-fns';
import { API_DATE, SELECTABLE_TIMEZONES } from '../../../../shared/time';
import { meetingTimeOf } from '../../../../shared/meeting-time';
import { escapeHtml } from '../../../../shared/html';
import type { PriceWords } from '../../../../shared/price-breakdown';
import { mailText, type MailText } from '../../../platform/i18n';

/**
 * What the booking's mails are made of: their greeting, the game's local date and time, and a table of details, in
 * the booking's language (decision 0591). English is the default and keeps the mails' wording as it always was.
 */
export const ENGLISH_MAIL: MailText = mailText('en');

/** 'Hi Ann,' (or 'Hi,' without a name). */
export function greeting(name: string | null, text: MailText = ENGLISH_MAIL): string {
  return name ? text.t('greeting', { name }) : text.t('greetingNoName');
}

/** A stored day (yyyy-MM-dd) written out: 'Wednesday 1 July 2026' with the weekday, '1 July 2026' without. */
export function dayText(date: string, text: MailText = ENGLISH_MAIL, withWeekday = false): string {
  const day = parse(date, API_DATE, new Date(0));
  if (!isValid(day)) return date;
  if (text.language === 'en') return format(day, withWeekday ? 'EEEE d MMMM yyyy' : 'd MMMM yyyy');
  // The day as a calendar day: formatted at UTC noon in UTC, so no zone moves it.
  const noon = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12));
  return new Intl.DateTimeFormat(text.locale, {
    ...(withWeekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noon);
}

/** The game's own local date and time: stored as the booker chose them, in the game's zone. */
export function whenText(b: { date: string; meetingTime: unknown; timezone: string }, text: MailText = ENGLISH_MAIL): { date: string; time: string } {
  const zoneLabel = SELECTABLE_TIMEZONES.find((z) => z.zone === b.timezone)?.label ?? b.timezone;
  // A stored time that cannot be read is the spec's fallback, 14:00 (shared/meeting-time.ts).
  const time = meetingTimeOf(b.meetingTime);
  const hh = String(time.hour).padStart(2, '0');
  const mm = String(time.minute).padStart(2, '0');
  return { date: dayText(b.date, text, true), time: text.t('zoneTime', { time: `${hh}:${mm}`, zone: zoneLabel }) };
}

/** The price breakdown's words in the mail's language (shared/price-breakdown.ts). */
export function priceWordsOf(text: MailText): PriceWords {
  return {
    ...(text.language === 'en' ? {} : { locale: text.locale }),
    perPerson: (price, players) => text.t('pricePerPerson', { price, players }),
    addOnsTotal: text.t('addOnsTotal'),
    listPrice: text.t('listPrice'),
    discount: (code) => (code ? text.t('discountWithCode', { code }) : text.t('discount')),
    priceAgreed: text.t('priceAgreed'),
    total: text.t('total'),
  };
}

/** The locale money is written in for the mail's reader: none for English (the spec's £15.50). */
export function moneyLocale(text: MailText): string | undefined {
  return text.language === 'en' ? undefined : text.locale;
}

/** Label and value rows as an HTML table, each cell escaped. */
export function htmlRows(rows: readonly (readonly [string, string])[]): string {
  return `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
}
