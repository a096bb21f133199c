import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { isLanguage, LANGUAGE_LIST } from '../../../shared/i18n/languages';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { Button, Field, Select } from '../../components/ui';
import { useT } from '../../lib/i18n';

/**
 * The booker's language (issue 38, decision 0591): every mail, calendar invite, reminder and document to the booker
 * is written in it. Staff change it here, for instance when a booker asks for English after booking in German.
 */
export function BookerLanguageEditor({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const [language, setLanguage] = useState<string>(booking.language);
  const save = useAction({
    call: (chosen: string) => detailCalls.patch(booking, { language: isLanguage(chosen) ? chosen : booking.language }),
    success: t('detail.languageUpdated'),
    failure: t('detail.languageFailed'),
    ...writesBooking(booking.id),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(language);
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <Field label={t('detail.bookerLanguage')} id="detail-booker-language">
        <Select value={language} onChange={(e) => setLanguage(e.target.value)}>
          {LANGUAGE_LIST.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending || language === booking.language}>
        {t('detail.saveLanguage')}
      </Button>
    </form>
  );
}
