import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { briefingEndpoints as ep } from '../../shared/api/endpoints/briefing';
import { MANAGE_KEY_HEADER } from '../../shared/api/public-booking';
import { BRIEFING_MAX } from '../../shared/game/briefing';
import type { BriefingEdit } from '../../shared/api/briefing';
import { api } from '../lib/api-client';
import { useAction } from '../lib/use-action';
import { Button, Field, Section, Textarea } from './ui';
import { TranslationFields, type TranslatedField } from './translation-fields';
import type { BriefingTranslatedField } from '../../shared/game/briefing';
import type { Translations } from '../../shared/i18n/content';
import { useT } from '../lib/i18n';

/**
 * The briefing (before the start and from the players' Info button) and the finish message (where to meet), edited
 * by staff on the booking's detail page and by the organiser on their page (issue 29, decision 0442). Left empty, the
 * default shown as the placeholder is what players read.
 */
type Who = { kind: 'staff'; code: string } | { kind: 'organiser'; code: string; manageKey: string };

const keyOf = (who: Who) => ['briefing', who.kind, who.code.toUpperCase()] as const;
const load = (who: Who) =>
  who.kind === 'staff'
    ? api(ep.admin, { params: { code: who.code } })
    : api(ep.booker, { params: { code: who.code }, headers: { [MANAGE_KEY_HEADER]: who.manageKey } });
const save = (who: Who, body: { briefing: string | null; finish_message: string | null }, translations: BriefingTranslations) =>
  who.kind === 'staff'
    ? api(ep.adminSave, { params: { code: who.code }, body: { ...body, translations } })
    : api(ep.bookerSave, { params: { code: who.code }, body, headers: { [MANAGE_KEY_HEADER]: who.manageKey } });

type BriefingTranslations = Translations<BriefingTranslatedField>;

export function BriefingEditor({ who }: { who: Who }) {
  const t = useT('content');
  /** Staff translate both texts (decision 0630); the organiser's page edits the English only. */
  const translated: readonly TranslatedField<BriefingTranslatedField>[] = [
    { name: 'briefing', label: t('briefing.briefing'), multiline: true },
    { name: 'finish_message', label: t('briefing.finish'), multiline: true },
  ];
  const uid = useId();
  const stored = useQuery({ queryKey: keyOf(who), queryFn: () => load(who) });
  const [briefing, setBriefing] = useState('');
  const [finish, setFinish] = useState('');
  const [translations, setTranslations] = useState<BriefingTranslations>({});
  useEffect(() => {
    if (!stored.data) return;
    setBriefing(stored.data.briefing ?? '');
    setFinish(stored.data.finish_message ?? '');
    setTranslations(stored.data.translations ?? {});
  }, [stored.data]);
  const write = useAction({
    call: () => save(who, { briefing: briefing.trim() || null, finish_message: finish.trim() || null }, translations),
    success: t('briefing.saved'),
    failure: t('briefing.saveFailed'),
    failureToast: 'server',
    invalidates: [keyOf(who)],
  });
  const data: BriefingEdit | undefined = stored.data;
  return (
    <Section id="briefing" title={t('briefing.title')} description={t('briefing.description')}>
      {data ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void write.run();
          }}
        >
          <Field id={`${uid}-briefing`} size="md" label={t('briefing.briefing')} hint={t('briefing.briefingHint')}>
            <Textarea rows={5} maxLength={BRIEFING_MAX} placeholder={data.default_briefing} value={briefing} onChange={(e) => setBriefing(e.target.value)} />
          </Field>
          <Field id={`${uid}-finish`} size="md" label={t('briefing.finish')} hint={t('briefing.finishHint')}>
            <Textarea rows={3} maxLength={BRIEFING_MAX} placeholder={data.default_finish_message} value={finish} onChange={(e) => setFinish(e.target.value)} />
          </Field>
          {who.kind === 'staff' ? (
            <TranslationFields
              fields={translated}
              english={{ briefing: briefing || data.default_briefing, finish_message: finish || data.default_finish_message }}
              value={translations}
              onChange={setTranslations}
            />
          ) : null}
          <Button type="submit" variant="primary" disabled={write.isPending}>
            {t('briefing.save')}
          </Button>
          {write.error ? <p className="text-sm text-red-700">{write.error}</p> : null}
        </form>
      ) : (
        <p className="text-sm text-slate-600">{stored.isError ? t('briefing.loadFailed') : t('briefing.loading')}</p>
      )}
    </Section>
  );
}
