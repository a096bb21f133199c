import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PrivacySettings } from '../../../shared/api/privacy';
import { useAction } from '../../lib/use-action';
import { ApiError } from '../../lib/api-client';
import { Button, Field, FieldError, Input, Section } from '../../components/ui';
import { fetchPrivacySettings, privacyKeys, savePrivacySettings } from './admin-privacy-api';

/** How long game data is kept and whom people write to (issue 41); the privacy notice and the daily job read these. */
export function RetentionSection() {
  const query = useQuery({ queryKey: privacyKeys.settings, queryFn: async () => (await fetchPrivacySettings()).settings });
  const [form, setForm] = useState<PrivacySettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (query.data && form === null) setForm(query.data);
  }, [query.data, form]);
  const save = useAction({
    call: savePrivacySettings,
    failure: 'Failed to save the privacy settings',
    success: 'Saved',
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
    <Section id="retention" title="What is kept, and for how long">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run(form);
        }}
      >
        {number('positions_days', 'Positions and tracks: days after the game')}
        {number('media_days', 'Photos and videos: days after the game')}
        {number('lead_months', 'Enquiries that never booked: months')}
        <Field label="Privacy contact name" error={errors.contact_name?.[0]}>
          <Input value={form.contact_name} onChange={(e) => setForm({ ...form, contact_name: e.target.value })} />
        </Field>
        <Field label="Privacy contact email" error={errors.contact_email?.[0]}>
          <Input type="email" value={form.contact_email} onChange={(e) => setForm({ ...form, contact_email: e.target.value })} />
        </Field>
        <div className="sm:col-span-2">
          <FieldError message={save.error} />
          <Button type="submit" variant="primary" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Section>
  );
}
