import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * Staff's own content in other languages (issue 38, "Content, not only the frame"; decision 0630): a challenge's title
 * and description, a plan's or add-on's name and description, a game's briefing and finish message. The English text
 * stays where it always was; its translations are kept beside it as one JSON object per thing, language → field → text.
 * One rule picks what a reader sees, on the server (the phone's list, the mails) and in the screens (the wizard): the
 * reader's translation when there is one, else the English, so English readers see exactly what they saw before.
 * No zod here: the wizard's first load reads these rules (the admin bodies' schemas are content-schema.ts).
 */

/** A thing's translations: only the languages and fields that are translated (a blank one is not kept). */
export type Translations<F extends string> = Partial<Record<Language, Partial<Record<F, string>>>>;

/** The languages content may be translated into: every one but English, which is the text itself. */
export const TRANSLATION_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

export const isTranslationLanguage = (code: string): code is Language => TRANSLATION_LANGUAGES.some((l) => l === code);

export const CONTENT_MESSAGES = {
  unknownLanguage: (code: string) => `Unknown language "${code}": translations may be in ${TRANSLATION_LANGUAGES.join(', ')}`,
} as const;

/** The text a reader of `language` sees for one field: its translation when there is one, else the English. */
export function translatedText<F extends string>(english: string, translations: Translations<F> | null | undefined, language: Language, field: F): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const own = translations?.[language]?.[field];
  return own !== undefined && own.trim() !== '' ? own : english;
}

/** The item with each of `fields` in the reader's language (a missing translation keeps the English). */
export function localized<T extends { [K in F]: string }, F extends string>(
  item: T,
  translations: Translations<F> | null | undefined,
  language: Language,
  fields: readonly F[],
): T {
  if (language === DEFAULT_LANGUAGE || !translations?.[language]) return item;
  const copy = { ...item };
  for (const field of fields) copy[field] = translatedText(item[field], translations, language, field) as T[F];
  return copy;
}

/** Whether a field has its translation into `language` (English always has its text). */
export function isTranslated<F extends string>(translations: Translations<F> | null | undefined, language: Language, field: F): boolean {
  if (language === DEFAULT_LANGUAGE) return true;
  const own = translations?.[language]?.[field];
  return own !== undefined && own.trim() !== '';
}
