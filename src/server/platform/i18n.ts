import type { FastifyRequest } from 'fastify';
import { SERVER_CATALOGUES } from '../../shared/i18n/server-catalogues';
import { formatMessage, type MessageValues } from '../../shared/i18n/format';
import { matchMessage } from '../../shared/i18n/message-match';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, localeOf, type Language } from '../../shared/i18n/languages';

/** The language the API answers a request in: its Accept-Language (api-contract, "Languages"), else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  return languageFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? DEFAULT_LANGUAGE;
}

/**
 * A server message (written in English where its rule lives) in a language: its translation when the catalogue has
 * one, else the English as it is. English is never touched, so the spec's wording stays verbatim.
 */
export function translateMessage(language: Language, english: string): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const found = matchMessage(SERVER_CATALOGUES[language].messages, english);
  return found ? formatMessage(localeOf(language), found.message, found.values) : english;
}

/** 422 field messages, each translated. */
export function translateFieldErrors(language: Language, errors: Record<string, string[]>): Record<string, string[]> {
  if (language === DEFAULT_LANGUAGE) return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => translateMessage(language, m))]));
}

export type MailKey = keyof (typeof SERVER_CATALOGUES)['en']['mail'];
/** A translator of the mail catalogue for one language. */
export type MailText = { language: Language; locale: string; t: (key: MailKey, values?: MessageValues) => string };

/** The mail catalogue's texts in a language, falling back to English per key. */
export function mailText(language: Language): MailText {
  const locale = localeOf(language);
  const own: Readonly<Record<string, string>> = SERVER_CATALOGUES[language].mail;
  const english: Readonly<Record<string, string>> = SERVER_CATALOGUES.en.mail;
  return {
    language,
    locale,
    t: (key, values) => formatMessage(locale, own[key] ?? english[key] ?? key, values),
  };
}
