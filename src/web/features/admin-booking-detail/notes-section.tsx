import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { CONTACT_TYPES } from '../../../shared/api/booking';
import { addNoteBody, detailPatchBody } from '../../../shared/api/admin-booking-detail';
import { toastFirstError } from '../../lib/form-errors';
import { formatTimestamp } from '../../../shared/time';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { Badge, Button, Field, Section, Select, Textarea } from '../../components/ui';
import { useT } from '../../lib/i18n';

const TYPE_LABELS = {
  note: 'notes.typeNote',
  phone: 'notes.typePhone',
  email: 'notes.typeEmail',
  meeting: 'notes.typeMeeting',
} as const satisfies Record<(typeof CONTACT_TYPES)[number], string>;
const isType = (type: string): type is keyof typeof TYPE_LABELS => Object.hasOwn(TYPE_LABELS, type);

export function NotesSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const typeLabel = (type: string) => (isType(type) ? t(TYPE_LABELS[type]) : type);
  return (
    <Section title={t('notes.title')} id="notes">
      <AddNoteForm booking={booking} />
      <ol className="my-4 max-h-80 space-y-2 overflow-y-auto" aria-label={t('notes.history')}>
        {booking.contact_history.length === 0 ? <li className="text-sm text-slate-500">{t('bookings.noContact')}</li> : null}
        {booking.contact_history.map((entry) => (
          <li key={entry.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <Badge tone="blue">{typeLabel(entry.type)}</Badge>
              <span>{formatTimestamp(entry.timestamp, booking.timezone)}</span>
              {entry.author_name ? <span>{t('notes.by', { name: entry.author_name })}</span> : null}
            </div>
            <p className="whitespace-pre-wrap">{entry.note}</p>
          </li>
        ))}
      </ol>
      <GeneralNotesForm key={booking.admin_general_notes ?? ''} booking={booking} />
    </Section>
  );
}

const addNoteForm = addNoteBody.pick({ note: true, type: true });

function AddNoteForm({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const form = useForm<z.input<typeof addNoteForm>, unknown, z.output<typeof addNoteForm>>({
    resolver: zodResolver(addNoteForm),
    defaultValues: { note: '', type: 'note' },
  });
  const add = useAction({
    call: ({ note, type }: z.output<typeof addNoteForm>) => detailCalls.addNote(booking, note, type),
    success: t('notes.added'),
    failure: t('notes.addFailed'),
    ...writesBooking(booking.id),
    onSuccess: () => form.resetField('note'),
  });

  // Spec: an empty note is ignored; any other refusal is said.
  function onInvalid(errors: FieldErrors<z.input<typeof addNoteForm>>) {
    if (errors.note && !form.getValues('note').trim()) return;
    toastFirstError(errors);
  }

  return (
    <form onSubmit={(e) => void form.handleSubmit(add.run, onInvalid)(e)} className="grid gap-2" aria-label={t('notes.addLabel')}>
      <div className="flex flex-wrap gap-2">
        <Field label={t('notes.type')} id="detail-note-type">
          <Select {...form.register('type')}>
            {CONTACT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={t('notes.new')} id="detail-new-note" className="contents">
        <Textarea rows={2} maxLength={5000} {...form.register('note')} />
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {t('notes.add')}
        </Button>
      </div>
    </form>
  );
}

// The whole patch rule judges the one field this form sends.
function GeneralNotesForm({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const form = useForm<z.input<typeof detailPatchBody>, unknown, z.output<typeof detailPatchBody>>({
    resolver: zodResolver(detailPatchBody),
    defaultValues: { admin_general_notes: booking.admin_general_notes ?? '' },
  });
  const save = useAction({
    call: (body: z.output<typeof detailPatchBody>) => detailCalls.patch(booking, { admin_general_notes: body.admin_general_notes ?? '' }),
    success: t('notes.saved'),
    failure: t('notes.saveFailed'),
    ...writesBooking(booking.id),
  });

  return (
    <form onSubmit={(e) => void form.handleSubmit(save.run, toastFirstError)(e)} className="grid gap-2 border-t border-slate-100 pt-4">
      <Field label={t('notes.general')} id="detail-general-notes" className="contents">
        <Textarea rows={4} maxLength={20000} {...form.register('admin_general_notes')} />
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
