import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hostTimeEndpoints as ep } from '../../../shared/api/endpoints/host-time';
import { unavailabilityBody } from '../../../shared/api/host-time';
import { formatDateTimeMinutes } from '../../../shared/time';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { notifyError } from '../../lib/toast';
import { useMessageText, useT } from '../../lib/i18n';
import { Button, EmptyState, Field, Input, Section } from '../../components/ui';

const unavailabilityKey = ['host', 'unavailability'] as const;
/** The zone the host's browser is in: the times they type and read are theirs. */
const hereZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A datetime-local value ('2031-09-01T09:00', the browser's own time) as an instant, '' when not one. */
const instantOf = (local: string) => {
  const at = new Date(local);
  return local && Number.isFinite(at.getTime()) ? at.toISOString() : '';
};

/**
 * The host marks when they cannot host (issue 31): staff cannot assign them a game that meets one of these stretches,
 * and the staff picker shows them unavailable. Only what is still ahead or under way is listed.
 */
export function UnavailabilitySection() {
  const t = useT('host');
  const message = useMessageText();
  const list = useQuery({ queryKey: unavailabilityKey, queryFn: () => api(ep.unavailability).then((r) => r.unavailability), retry: false });
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const mark = useAction({
    call: (body: { starts_at: string; ends_at: string; note: string }) => api(ep.markUnavailable, { body }),
    success: t('markedUnavailable'),
    failure: t('markUnavailableFailed'),
    failureToast: 'server',
    invalidates: [unavailabilityKey],
    onSuccess: () => {
      setFrom('');
      setUntil('');
      setNote('');
    },
  });
  const remove = useAction({
    call: (id: number) => api(ep.removeUnavailable, { params: { id } }),
    success: t('removed'),
    failure: t('removeFailed'),
    failureToast: 'server',
    invalidates: [unavailabilityKey],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The shared rules judge the stretch here as the server will.
    const parsed = unavailabilityBody.safeParse({ starts_at: instantOf(from), ends_at: instantOf(until), note });
    if (!parsed.success) return notifyError(message(parsed.error.issues[0]?.message ?? 'Please check the times'));
    void mark.run(parsed.data);
  };
  const zone = hereZone();
  return (
    <Section title={t('unavailableTitle')} id="unavailability" description={t('unavailableDescription')}>
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
        <Field label={t('from')} id="unavailable-from">
          <Input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={t('until')} id="unavailable-until">
          <Input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
        </Field>
        <Field label={t('note')} id="unavailable-note" className="min-w-48 flex-1">
          <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder={t('notePlaceholder')} />
        </Field>
        <Button type="submit" variant="primary" disabled={mark.isPending}>
          {t('markUnavailable')}
        </Button>
      </form>
      {list.isError ? <p className="text-sm text-red-700">{t('unavailableLoadFailed')}</p> : null}
      {list.data?.length === 0 ? <EmptyState>{t('noUnavailable')}</EmptyState> : null}
      {list.data?.length ? (
        <ul className="space-y-2" aria-label={t('unavailableTimes')}>
          {list.data.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 text-sm">
              <span>
                {t('fromTo', { from: formatDateTimeMinutes(new Date(u.starts_at), zone), to: formatDateTimeMinutes(new Date(u.ends_at), zone) })}
                {u.note ? ` · ${u.note}` : ''}
              </span>
              <Button type="button" onClick={() => void remove.run(u.id)} disabled={remove.isPending}>
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
