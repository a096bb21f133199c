import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import { CONTENT_MESSAGES, isTranslationLanguage, TRANSLATION_LANGUAGES, type Translations } from './content';

/**
 * The schema of a thing's translations in an admin body: `{de: {name: '…'}, fr: {…}}`, each field validated like its
 * English (the caller's schema), a blank field or a language with nothing left dropped, an unknown language refused
 * with a 422 naming it (English is the text itself, so `en` is refused too).
 */
export function translationsSchema<F extends string>(fields: { [K in F]: z.ZodType<string> }) {
  const names: readonly string[] = Object.keys(fields);
  const isField = (name: string): name is F => names.includes(name);
  const entry = z.strictObject(fields).partial();
  return z
    .record(z.string(), entry)
    .superRefine((value, ctx) => {
      for (const code of Object.keys(value)) {
        if (!isTranslationLanguage(code)) ctx.addIssue({ code: 'custom', path: [code], message: CONTENT_MESSAGES.unknownLanguage(code) });
      }
    })
    .transform((value): Translations<F> => {
      const out: Translations<F> = {};
      for (const language of TRANSLATION_LANGUAGES) {
        const kept: Partial<Record<F, string>> = {};
        for (const [name, text] of Object.entries(value[language] ?? {})) {
          if (isField(name) && typeof text === 'string' && text.trim() !== '') kept[name] = text;
        }
        if (Object.keys(kept).length > 0) out[language] = kept;
      }
      return out;
    });
}

/** A thing's translations as an answer carries them: `translationsResponse({ name: z.string() })`. */
export function translationsResponse<S extends Record<string, z.ZodString>>(fields: S) {
  return z.partialRecord(z.enum(LANGUAGE_CODES), z.object(fields).partial());
}
