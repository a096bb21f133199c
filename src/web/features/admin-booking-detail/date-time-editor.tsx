import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES, detailPatchBody } from '../../../shared/api/admin-booking-detail';
import { formatTimestamp, isStartInPast, localToUtcIso, SELECTABLE_TIMEZONES, utcToLocal } from '../../../shared/time';
import { useT } from '../../lib/i18n';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { Button, Field, Input, Select } from '../../components/ui';
import { useToastFirstError } from '../../lib/form-errors';

const pad = (n: number) => String(n).padStart(2, '0');

/** The game's date and meeting time, shown and edited in the booking's own zone. */
export function DateTimeEditor({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const [editing, setEditing] = useState(false);
  const zone = booking.timezone || 'UK/London';
  // The game's own zone, in the numeric form every section of this page writes a moment in (no words to translate).
  const shown = booking.utcDateTime
    ? formatTimestamp(booking.utcDateTime, booking.timezone)
    : `${booking.date} ${pad(booking.meeting_time.hour)}:${pad(booking.meeting_time.minute)}`;

  if (!editing) {
    return (
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('dateTime.label')}</p>
          <p data-testid="game-date-time">
            {shown} <span className="text-slate-500">({zone})</span>
          </p>
        </div>
        <Button onClick={() => setEditing(true)}>{t('dateTime.edit')}</Button>
      </div>
    );
  }
  return <DateTimeForm booking={booking} onDone={() => setEditing(false)} />;
}

// The staff type a local date, time and zone; the request's own rules judge the instant and the zone.
const utcDateTimeRule = detailPatchBody.shape.utcDateTime.unwrap();
const timezoneRule = detailPatchBody.shape.timezone.unwrap();
const dateTimeForm = z
  .object({ date: z.string(), time: z.string(), timezone: timezoneRule })
  .transform((v, ctx) => {
    const [hour, minute] = v.time.split(':').map(Number);
    const utc = localToUtcIso(v.date, hour === undefined || minute === undefined ? null : { hour, minute }, v.timezone);
    if (!utc) {
      ctx.addIssue({ code: 'custom', message: DETAIL_MESSAGES.invalidDateTime, path: ['date'] });
      return z.NEVER;
    }
    return { utcDateTime: utc, timezone: v.timezone };
  })
  .pipe(z.object({ utcDateTime: utcDateTimeRule, timezone: timezoneRule }));

function DateTimeForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const t = useT('operations');
  const toastFirstError = useToastFirstError();
  const local = booking.utcDateTime ? utcToLocal(booking.utcDateTime, booking.timezone) : null;
  const start = local?.time ?? booking.meeting_time;
  const form = useForm<z.input<typeof dateTimeForm>, unknown, z.output<typeof dateTimeForm>>({
    resolver: zodResolver(dateTimeForm),
    defaultValues: { date: local?.date ?? booking.date, time: `${pad(start.hour)}:${pad(start.minute)}`, timezone: booking.timezone },
  });
  // Only a start staff confirmed in the past is sent with confirm_past: the server refuses it otherwise (0160).
  const save = useAction({
    call: ({ utc, confirmPast }: { utc: string; confirmPast: boolean }) =>
      detailCalls.patch(booking, { utcDateTime: utc, timezone: form.getValues('timezone'), ...(confirmPast ? { confirm_past: true } : {}) }),
    success: t('dateTime.updated'),
    failure: t('dateTime.updateFailed'),
    ...writesBooking(booking.id),
    onSuccess: onDone,
  });
  const saving = save.isPending;
  const zone = useWatch({ control: form.control, name: 'timezone' });
  // A start in the past is allowed (corrections) but only once confirmed: the UTC instant confirmed.
  const [pastWarning, setPastWarning] = useState<string | null>(null);
  const zones = SELECTABLE_TIMEZONES.some((z) => z.zone === booking.timezone)
    ? SELECTABLE_TIMEZONES
    : [{ label: booking.timezone, zone: booking.timezone }, ...SELECTABLE_TIMEZONES];

  // Any edit withdraws a shown warning: it was about the instant typed before.
  const withdrawWarning = { onChange: () => setPastWarning(null) };

  async function onSubmit({ utcDateTime }: z.output<typeof dateTimeForm>) {
    if (isStartInPast(utcDateTime, new Date()) && pastWarning !== utcDateTime) {
      setPastWarning(utcDateTime);
      return;
    }
    await save.run({ utc: utcDateTime, confirmPast: utcDateTime === pastWarning });
  }

  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit, toastFirstError)(e)} className="grid gap-3 sm:grid-cols-3" aria-label={t('dateTime.edit')}>
      <Field label={t('dateTime.date')} id="detail-date">
        <Input type="date" required {...form.register('date', withdrawWarning)} />
      </Field>
      <Field label={t('dateTime.time')} id="detail-time">
        <Input type="time" required {...form.register('time', withdrawWarning)} />
      </Field>
      <Field label={t('dateTime.zone')} id="detail-zone">
        <Select {...form.register('timezone', withdrawWarning)}>
          {zones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </Select>
      </Field>
      {pastWarning ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-3">
          <p className="font-semibold">{t('dateTime.pastStart', { when: formatTimestamp(pastWarning, zone), zone })}</p>
          <p>{t('dateTime.pastNote')}</p>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        {pastWarning ? (
          <Button
            variant="primary"
            disabled={saving}
            onClick={() => void form.handleSubmit(() => save.run({ utc: pastWarning, confirmPast: true }), toastFirstError)()}
          >
            {t('dateTime.saveAnyway')}
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={saving}>
            {t('dateTime.save')}
          </Button>
        )}
        <Button onClick={onDone}>{t('actions.cancel')}</Button>
      </div>
    </form>
  );
}
