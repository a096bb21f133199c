import { formatTimestamp } from '../../shared/time';
import { localeOf, type Language } from '../../shared/i18n/languages';
import { useLanguage } from './i18n';

/**
 * Moments as a reader of the page's language writes them (issue 38, decision 0590): English keeps the forms the spec
 * and the screens always had (a message's 'dd/MM/yyyy HH:mm:ss', a time of day on the phone's own clock); another
 * language writes them through Intl in its locale (de-DE: 28.11.26, 14:05:09).
 */
export function timestampIn(language: Language, value: string | number | Date): string {
  if (language === 'en') return formatTimestamp(value);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return formatTimestamp(value);
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** A time of day, e.g. 14:05: the phone's own clock form in English, the locale's in another language. */
export function clockIn(language: Language, iso: string): string {
  return new Date(iso).toLocaleTimeString(language === 'en' ? [] : localeOf(language), { hour: '2-digit', minute: '2-digit' });
}

/**
 * A whole number inside a sentence: as the screens always wrote it in English (1500 m), grouped in the locale's way in
 * another language (1.500 m).
 */
export function integerIn(language: Language, value: number): string {
  return language === 'en' ? String(value) : new Intl.NumberFormat(localeOf(language)).format(value);
}

type ReaderFormat = { timestamp: (value: string | number | Date) => string; clock: (iso: string) => string; integer: (value: number) => string };

/** All three, for the reader's language (a component re-renders when it changes). */
export function useReaderFormat(): ReaderFormat {
  const language = useLanguage();
  return { timestamp: (value) => timestampIn(language, value), clock: (iso) => clockIn(language, iso), integer: (value) => integerIn(language, value) };
}
