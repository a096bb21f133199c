import { useId } from 'react';
import { isLanguage, LANGUAGE_LIST, type Language } from '../../shared/i18n/languages';
import { switchLanguage, useLanguage, useT } from '../lib/i18n';

/**
 * The language switcher of every translated page (issue 38): each language named in itself. The choice is kept for
 * the visitor (lib/language.ts); `onChange` lets a page store it too (a player's language on the server).
 */
export function LanguageSwitcher({ onChange, className = '' }: { onChange?: (language: Language) => void; className?: string }) {
  const t = useT('common');
  const language = useLanguage();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 text-sm text-slate-700 ${className}`}>
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          void switchLanguage(next);
          onChange?.(next);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {LANGUAGE_LIST.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
