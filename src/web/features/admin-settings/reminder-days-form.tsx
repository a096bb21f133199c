import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messageScheduleEndpoints as ep } from '../../../shared/api/endpoints/message-schedule';
import { messageSettingsSchema, type MessageSettings } from '../../../shared/api/message-schedule';
import { api } from '../../lib/api-client';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Button, Field, Input, Section } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';

const settingsKey = ['admin-message-settings'] as const;
const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * The install's reminder days (issue 31, decision 0380): how many days before the game the booker's two reminders go.
 * Checked with the shared schema before sending; the server holds the same rule.
 */
export function ReminderDaysForm() {
  const t = useT('system');
  const message = useMessageText();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => api(ep.settings), retry: false });
  const [typed, setTyped] = useState<{ first: string; second: string } | null>(null);
  const save = useAction({
    call: (body: MessageSettings) => api(ep.updateSettings, { body }),
    success: t('reminders.saved'),
    failure: t('reminders.saveFailed'),
    failureToast: 'server',
    invalidates: [settingsKey],
    onSuccess: () => setTyped(null),
  });
  const shown = typed ?? {
    first: settings.data ? String(settings.data.first_reminder_days) : '',
    second: settings.data ? String(settings.data.second_reminder_days) : '',
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = messageSettingsSchema.safeParse({ first_reminder_days: asNumber(shown.first), second_reminder_days: asNumber(shown.second) });
    if (!parsed.success) return notifyError(message(parsed.error.issues[0]?.message ?? t('reminders.check')));
    void save.run(parsed.data);
  };
  return (
    <Section title={t('reminders.title')} id="reminder-days" description={t('reminders.description')}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field label={t('reminders.first')} id="first-reminder-days">
          <Input
            type="number"
            min={1}
            step={1}
            value={shown.first}
            disabled={settings.isPending}
            onChange={(e) => setTyped({ ...shown, first: e.target.value })}
          />
        </Field>
        <Field label={t('reminders.second')} id="second-reminder-days">
          <Input
            type="number"
            min={1}
            step={1}
            value={shown.second}
            disabled={settings.isPending}
            onChange={(e) => setTyped({ ...shown, second: e.target.value })}
          />
        </Field>
        <Button type="submit" variant="primary" disabled={save.isPending || settings.isPending}>
          {t('reminders.save')}
        </Button>
      </form>
    </Section>
  );
}
