import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, localeOf, type Language } from '../../shared/i18n/languages';

/**
 * The reader's language in the browser (decision 0590): the server chose it by the one rule (shared/i18n/languages.ts)
 * and wrote it in `<html lang>`; the switcher changes it, keeps it in the same cookie the server reads, and tells the
 * page. Kept apart from the catalogues so the API client can send it without loading them.
 */
function initial(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

let current: Language = initial();
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  return current;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the page's language now: `<html lang>`, the kept cookie, a `?lang` in the address, and every listener. */
export function applyLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
    // A ?lang in the address wins over the cookie at the next load: it follows the choice too.
    const url = new URL(window.location.href);
    if (url.searchParams.has(LANGUAGE_QUERY)) {
      url.searchParams.set(LANGUAGE_QUERY, language);
      window.history.replaceState(window.history.state, '', url);
    }
  }
  for (const listener of listeners) listener();
}

/**
 * The locale amounts are written in for the reader: none for English, so each currency keeps the spec's form (£15.50,
 * shared/money.ts); de-DE for German (15,50 £).
 */
export function moneyLocaleOf(language: Language): string | undefined {
  return language === DEFAULT_LANGUAGE ? undefined : localeOf(language);
}
