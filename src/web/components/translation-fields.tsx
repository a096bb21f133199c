import { useId, useState } from 'react';
import { isTranslated, TRANSLATION_LANGUAGES, type Translations } from '../../shared/i18n/content';
import { languageNameIn, type Language } from '../../shared/i18n/languages';
import { useLocale, useT } from '../lib/i18n';
import { Button, Field, Input, Textarea } from './ui';

export type TranslatedField<F extends string> = { name: F; label: string; multiline?: boolean };

type Props<F extends string> = {
  /** What the editor translates, in order: each with its label and whether it is a paragraph. */
  fields: readonly TranslatedField<F>[];
  /** The English texts as they stand (shown as each empty field's placeholder: what readers see instead). */
  english: Partial<Record<F, string | null>>;
  value: Translations<F>;
  onChange: (next: Translations<F>) => void;
  /** The message for one language's field (the shared schema's, client or server side). */
  errorOf?: (language: Language, field: F) => string | undefined;
  /** The section's title (default: "Translations" in the staff member's language). */
  title?: string;
};

/**
 * Staff's per-language fields for content they write in English (issue 38, decision 0630): one tab per language, each
 * field with its translation, and beside every field left empty the note readers of that language get the English:
 * "not translated into German yet". A tab with a field missing says so too, so staff see the gaps without opening it.
 */
export function TranslationFields<F extends string>({ fields, english, value, onChange, errorOf, title }: Props<F>) {
  const t = useT('admin');
  const { locale } = useLocale();
  // Each language named as the staff member reads (in English: German, French), as is the note.
  const nameOf = (l: Language) => languageNameIn(l, locale);
  const heading = title ?? t('translations.title');
  const [language, setLanguage] = useState<Language>(TRANSLATION_LANGUAGES[0] ?? 'de');
  const uid = useId();
  const missingIn = (l: Language) => fields.some((f) => !isTranslated(value, l, f.name));

  function change(field: F, text: string) {
    const own: Partial<Record<F, string>> = { ...value[language], [field]: text };
    onChange({ ...value, [language]: own });
  }

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="translations">
      <legend className="px-1 text-sm font-semibold">{heading}</legend>
      <div role="tablist" aria-label={heading} className="flex flex-wrap gap-2">
        {TRANSLATION_LANGUAGES.map((l) => (
          <Button
            key={l}
            role="tab"
            id={`${uid}-tab-${l}`}
            aria-selected={l === language}
            aria-controls={`${uid}-panel`}
            variant={l === language ? 'primary' : 'secondary'}
            onClick={() => setLanguage(l)}
          >
            {nameOf(l)}
            {missingIn(l) ? <span aria-hidden="true"> •</span> : null}
            {missingIn(l) ? <span className="sr-only"> ({t('translations.incomplete')})</span> : null}
          </Button>
        ))}
      </div>
      <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${language}`} className="space-y-3">
        {fields.map((f) => {
          const text = value[language]?.[f.name] ?? '';
          const missing = !isTranslated(value, language, f.name);
          const placeholder = english[f.name] ?? '';
          return (
            <div key={f.name}>
              <Field
                id={`${uid}-${language}-${f.name}`}
                size="md"
                label={t('translations.field', { field: f.label, language: nameOf(language) })}
                error={errorOf?.(language, f.name)}
              >
                {f.multiline ? (
                  <Textarea rows={4} value={text} placeholder={placeholder} onChange={(e) => change(f.name, e.target.value)} />
                ) : (
                  <Input value={text} placeholder={placeholder} onChange={(e) => change(f.name, e.target.value)} />
                )}
              </Field>
              {missing ? (
                <p className="mt-1 text-xs text-amber-700" data-testid="not-translated">
                  {t('translations.notTranslated', { language: nameOf(language) })}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
