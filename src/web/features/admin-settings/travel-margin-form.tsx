import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hostTimeEndpoints as ep } from '../../../shared/api/endpoints/host-time';
import { hostTimeSettingsSchema } from '../../../shared/api/host-time';
import { api } from '../../lib/api-client';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Button, Field, Input, Section } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';

const settingsKey = ['admin-host-settings'] as const;

/**
 * The install's travel margin (issue 31, decision 0376): how long a host needs between one game's end and the next
 * game's meeting; assigning a host to games closer than this is refused.
 */
export function TravelMarginForm() {
  const t = useT('system');
  const message = useMessageText();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => api(ep.settings), retry: false });
  const [typed, setTyped] = useState<string | null>(null);
  const save = useAction({
    call: (body: { travel_margin_minutes: number }) => api(ep.updateSettings, { body }),
    success: t('travel.saved'),
    failure: t('travel.saveFailed'),
    failureToast: 'server',
    invalidates: [settingsKey],
    onSuccess: () => setTyped(null),
  });
  const shown = typed ?? (settings.data ? String(settings.data.travel_margin_minutes) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = hostTimeSettingsSchema.safeParse({ travel_margin_minutes: shown.trim() === '' ? Number.NaN : Number(shown) });
    if (!parsed.success) return notifyError(message(parsed.error.issues[0]?.message ?? t('travel.check')));
    void save.run(parsed.data);
  };
  return (
    <Section title={t('travel.title')} id="travel-margin" description={t('travel.description')}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field label={t('travel.minutes')} id="travel-margin-minutes">
          <Input type="number" min={0} step={1} value={shown} disabled={settings.isPending} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" disabled={save.isPending || settings.isPending}>
          {t('travel.save')}
        </Button>
      </form>
    </Section>
  );
}
