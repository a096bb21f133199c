import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/use-action';
import { errorMessage } from '../../lib/api-client';
import { Button, ErrorState, Field, FieldError, Section, Textarea } from '../../components/ui';
import { fetchTerms, fetchWaiver, privacyKeys, publishTerms, publishWaiver } from './admin-privacy-api';
import { useLocale, useT, type KeyOf } from '../../lib/i18n';

type Kind = 'terms' | 'waiver';
const COPY = {
  terms: { title: 'privacyTexts.termsTitle', label: 'privacyTexts.termsLabel', none: 'privacyTexts.termsNone', failure: 'privacyTexts.termsFailed' },
  waiver: { title: 'privacyTexts.waiverTitle', label: 'privacyTexts.waiverLabel', none: 'privacyTexts.waiverNone', failure: 'privacyTexts.waiverFailed' },
} as const satisfies Record<Kind, Record<string, KeyOf<'system'>>>;

/** One versioned text (issue 41): the version in force, and a new version published (earlier acceptances stay as they were). */
export function PrivacyTextSection({ kind }: { kind: Kind }) {
  const t = useT('system');
  const { language, locale } = useLocale();
  const copy = COPY[kind];
  const key = kind === 'terms' ? privacyKeys.terms : privacyKeys.waiver;
  const query = useQuery({ queryKey: key, queryFn: async () => (kind === 'terms' ? (await fetchTerms()).terms : (await fetchWaiver()).waiver) });
  const [text, setText] = useState('');
  const publish = useAction({
    call: async (body: string) => {
      if (kind === 'terms') await publishTerms(body);
      else await publishWaiver(body);
    },
    failure: t(copy.failure),
    success: t('privacyTexts.published'),
    invalidates: [key, ['privacy']],
    onSuccess: () => setText(''),
  });
  return (
    <Section id={kind} title={t(copy.title)}>
      {query.isError ? <ErrorState message={errorMessage(query.error, t('privacyTexts.loadFailed'))} /> : null}
      {query.data ? (
        <div className="mb-4 space-y-1">
          <p className="text-sm text-slate-600" data-testid={`${kind}-current`}>
            {t('privacyTexts.current', {
              version: String(query.data.version),
              // English keeps the browser's own form it always had; another language writes its own.
              at: new Date(query.data.published_at).toLocaleString(language === 'en' ? undefined : locale),
            })}
          </p>
          <p className="max-h-40 overflow-y-auto whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">{query.data.text}</p>
        </div>
      ) : query.isSuccess ? (
        <p className="mb-4 text-sm text-slate-600">{t(copy.none)}</p>
      ) : null}
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void publish.run(text);
        }}
      >
        <Field label={t(copy.label)}>
          <Textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <FieldError message={publish.error} />
        <Button type="submit" variant="primary" disabled={publish.isPending || text.trim() === ''}>
          {t('privacyTexts.publish')}
        </Button>
      </form>
    </Section>
  );
}
