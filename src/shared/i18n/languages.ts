/**
 * The languages hatch speaks (api-contract, "Languages"; decision 0590). Adding one is a line here and its catalogues
 * (src/web/i18n/<code>/, src/shared/i18n/<code>/): the compiler then asks for the catalogues it lacks.
 * `locale` is how dates, numbers and money are written for a reader of the language (Intl); `english` its English name.
 */
export const LANGUAGE_LIST = [
  { code: 'en', locale: 'en-GB', name: 'English', english: 'English' },
  { code: 'de', locale: 'de-DE', name: 'Deutsch', english: 'German' },
  { code: 'fr', locale: 'fr-FR', name: 'Français', english: 'French' },
  { code: 'es', locale: 'es-ES', name: 'Español', english: 'Spanish' },
  { code: 'nl', locale: 'nl-NL', name: 'Nederlands', english: 'Dutch' },
] as const;

export type Language = (typeof LANGUAGE_LIST)[number]['code'];
/** The codes as a non-empty tuple (a database enum, a zod enum want one). */
export const LANGUAGE_CODES = LANGUAGE_LIST.map((l) => l.code) as [Language, ...Language[]];
export const LANGUAGES: readonly Language[] = LANGUAGE_CODES;
/** The spec's language: its texts are the catalogues' source, and what anything untranslated falls back to. */
export const DEFAULT_LANGUAGE: Language = 'en';
/** The cookie that keeps a visitor's choice (`?lang=xx` or the switcher). */
export const LANGUAGE_COOKIE = 'hatch_lang';
/** The query parameter that picks a page's language. */
export const LANGUAGE_QUERY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.some((l) => l === value);
}

/** The Intl locale of a language: de → de-DE. */
export function localeOf(language: Language): string {
  return LANGUAGE_LIST.find((l) => l.code === language)?.locale ?? 'en-GB';
}

/** The language's own name, as the switcher lists it (Deutsch, Français). */
export function languageName(language: Language): string {
  return LANGUAGE_LIST.find((l) => l.code === language)?.name ?? language;
}

/** The language's English name (German, French). */
export function languageEnglishName(language: Language): string {
  return LANGUAGE_LIST.find((l) => l.code === language)?.english ?? language;
}

/** A language's name as a reader of `locale` writes it (en-GB: German; de-DE: Deutsch; fr-FR: allemand), through Intl. */
export function languageNameIn(language: Language, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? languageEnglishName(language);
  } catch {
    return languageEnglishName(language);
  }
}

/** One tag ('de-AT', 'FR', 'nl_BE') as one of ours by its primary subtag; null when we do not speak it. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110: tags with q weights, `*` for any): the highest
 * weighted tag we speak, the earlier one on a tie; null when none is ours (then the default applies).
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 50) // a header is the client's text: bounded work whatever it sends
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { language: languageOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r): r is { language: Language; weight: number; index: number } => r.language !== null && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/**
 * The one rule for which language a visitor gets (server and web alike): an explicit `?lang=xx`, else the language a
 * signed-in staff member keeps on their account (decision 0620), else the language the browser kept (the cookie), else
 * the browser's Accept-Language, else English. An unknown value at any step is skipped.
 */
export function negotiateLanguage(input: { query?: string | null; account?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Language {
  return (
    languageOfTag(input.query) ??
    languageOfTag(input.account) ??
    languageOfTag(input.cookie) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
