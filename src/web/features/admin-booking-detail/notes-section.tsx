import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { CONTACT_TYPES } from '../../../shared/api/booking';
import { formatTimestamp } from '../../../shared/time';
import { detailCalls, useDetailAction } from './detail-api';
import { Badge, buttonClass, inputClass, labelClass, Section } from '../../components/ui';

const TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = { note: 'Note', phone: 'Phone', email: 'Email', meeting: 'Meeting' };
const typeLabel = (type: string) => (type in TYPE_LABELS ? TYPE_LABELS[type as keyof typeof TYPE_LABELS] : type);

export function NotesSection({ booking }: { booking: AdminBooking }) {
  return (
    <Section title="Notes & Contact History" id="notes">
      <AddNoteForm booking={booking} />
      <ol className="my-4 max-h-80 space-y-2 overflow-y-auto" aria-label="Contact history">
        {booking.contact_history.length === 0 ? <li className="text-sm text-slate-500">No contact yet</li> : null}
        {booking.contact_history.map((entry) => (
          <li key={entry.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <Badge tone="blue">{typeLabel(entry.type)}</Badge>
              <span>{formatTimestamp(entry.timestamp, booking.timezone)}</span>
              {entry.author_name ? <span>by {entry.author_name}</span> : null}
            </div>
            <p className="whitespace-pre-wrap">{entry.note}</p>
          </li>
        ))}
      </ol>
      <GeneralNotesForm key={booking.admin_general_notes ?? ''} booking={booking} />
    </Section>
  );
}

function AddNoteForm({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [note, setNote] = useState('');
  const [type, setType] = useState<string>('note');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (!text) return; // spec: an empty note is ignored
    setSaving(true);
    const done = await run(() => detailCalls.addNote(booking, text, type), {
      success: 'Note added successfully',
      failure: 'Failed to add note',
      bookingOf: (b) => b,
    });
    setSaving(false);
    if (done) setNote('');
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-2" aria-label="Add note">
      <div className="flex flex-wrap gap-2">
        <div>
          <label htmlFor="detail-note-type" className={labelClass()}>
            Type
          </label>
          <select id="detail-note-type" className={inputClass()} value={type} onChange={(e) => setType(e.target.value)}>
            {CONTACT_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label htmlFor="detail-new-note" className={labelClass()}>
        New note
      </label>
      <textarea id="detail-new-note" className={inputClass()} rows={2} value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={saving}>
          Add Note
        </button>
      </div>
    </form>
  );
}

function GeneralNotesForm({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [notes, setNotes] = useState(booking.admin_general_notes ?? '');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    await run(() => detailCalls.patch(booking, { admin_general_notes: notes }), {
      success: 'Notes updated successfully',
      failure: 'Failed to update notes',
      bookingOf: (b) => b,
    });
    setSaving(false);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-2 border-t border-slate-100 pt-4">
      <label htmlFor="detail-general-notes" className={labelClass()}>
        General notes
      </label>
      <textarea id="detail-general-notes" className={inputClass()} rows={4} value={notes} maxLength={20000} onChange={(e) => setNotes(e.target.value)} />
      <div>
        <button type="submit" className={buttonClass('secondary')} disabled={saving}>
          Save Notes
        </button>
      </div>
    </form>
  );
}
