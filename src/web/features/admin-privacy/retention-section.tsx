import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PrivacySettings } from '../../../shared/api/privacy';
import { useAction } from '../../lib/use-action';
import { ApiError } from '../../lib/api-client';
import { Button, Field, FieldError, Input, Section } from '../../components/ui';
import { fetchPrivacySettings, privacyKeys, savePrivacySettings } from './admin-privacy-api';
import { useT } from '../../lib/i18n';

/** How long game data is kept and whom people write to (issue 41); the privacy notice and the daily job read these. */
export function RetentionSection() {
  const t = useT('system');
  const query = useQuery({ queryKey: privacyKeys.settings, queryFn: async () => (await fetchPrivacySettings()).settings });
  const [form, setForm] = useState<PrivacySettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (query.data && form === null) setForm(query.data);
  }, [query.data, form]);
  const save = useAction({
    call: savePrivacySettings,
    failure: t('retention.saveFailed'),
    success: t('retention.saved'),
    invalidates: [privacyKeys.settings, ['privacy']],
    onSuccess: () => setErrors({}),
    onError: (error) => setErrors(error instanceof ApiError ? error.errors : {}),
  });
  if (!form) return null;
  const number = (field: 'positions_days' | 'media_days' | 'lead_months', label: string) => (
    <Field label={label} error={errors[field]?.[0]}>
      <Input type="number" inputMode="numeric" value={String(form[field])} onChange={(e) => setForm({ ...form, [field]: Number(e.target.value) })} />
    </Field>
  );
  return (
    <Section id="retention" title={t('retention.title')}>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run(form);
        }}
      >
        {number('positions_days', t('retention.positionsDays'))}
        {number('media_days', t('retention.mediaDays'))}
        {number('lead_months', t('retention.leadMonths'))}
        <Field label={t('retention.contactName')} error={errors.contact_name?.[0]}>
          <Input value={form.contact_name} onChange={(e) => setForm({ ...form, contact_name: e.target.value })} />
        </Field>
        <Field label={t('retention.contactEmail')} error={errors.contact_email?.[0]}>
          <Input type="email" value={form.contact_email} onChange={(e) => setForm({ ...form, contact_email: e.target.value })} />
        </Field>
        <div className="sm:col-span-2">
          <FieldError message={save.error} />
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('retention.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
