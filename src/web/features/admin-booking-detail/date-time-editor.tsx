import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { formatTimestamp, isStartInPast, localToUtcIso, SELECTABLE_TIMEZONES, utcToLocal } from '../../../shared/time';
import { notifyError } from '../../lib/toast';
import { detailCalls, useDetailAction } from './detail-api';
import { buttonClass, inputClass, labelClass } from '../../components/ui';

const pad = (n: number) => String(n).padStart(2, '0');

/** The game's date and meeting time, shown and edited in the booking's own zone. */
export function DateTimeEditor({ booking }: { booking: AdminBooking }) {
  const [editing, setEditing] = useState(false);
  const zone = booking.timezone || 'UK/London';
  const shown = booking.utcDateTime
    ? formatTimestamp(booking.utcDateTime, booking.timezone)
    : `${booking.date} ${pad(booking.meeting_time.hour)}:${pad(booking.meeting_time.minute)}`;

  if (!editing) {
    return (
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Game date and time</p>
          <p data-testid="game-date-time">
            {shown} <span className="text-slate-500">({zone})</span>
          </p>
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(true)}>
          Edit date and time
        </button>
      </div>
    );
  }
  return <DateTimeForm booking={booking} onDone={() => setEditing(false)} />;
}

function DateTimeForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const run = useDetailAction(booking.id);
  const local = booking.utcDateTime ? utcToLocal(booking.utcDateTime, booking.timezone) : null;
  const [date, setDate] = useState(local?.date ?? booking.date);
  const start = local?.time ?? booking.meeting_time;
  const [time, setTime] = useState(`${pad(start.hour)}:${pad(start.minute)}`);
  const [zone, setZone] = useState(booking.timezone);
  const [saving, setSaving] = useState(false);
  // A start in the past is allowed (corrections) but only once confirmed: the UTC instant confirmed.
  const [pastWarning, setPastWarning] = useState<string | null>(null);
  const zones = SELECTABLE_TIMEZONES.some((z) => z.zone === booking.timezone)
    ? SELECTABLE_TIMEZONES
    : [{ label: booking.timezone, zone: booking.timezone }, ...SELECTABLE_TIMEZONES];

  function edit(set: (value: string) => void, value: string) {
    set(value);
    setPastWarning(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const [hour, minute] = time.split(':').map(Number);
    const utc = localToUtcIso(date, hour === undefined || minute === undefined ? null : { hour, minute }, zone);
    if (!utc) {
      notifyError('Invalid date/time');
      return;
    }
    if (isStartInPast(utc, new Date()) && pastWarning !== utc) {
      setPastWarning(utc);
      return;
    }
    await save(utc);
  }

  async function save(utc: string) {
    setSaving(true);
    const done = await run(() => detailCalls.patch(booking, { utcDateTime: utc, timezone: zone }), {
      success: 'Date and meeting time updated successfully',
      failure: 'Failed to update date and time',
      bookingOf: (b) => b,
    });
    setSaving(false);
    if (done) onDone();
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3 sm:grid-cols-3" aria-label="Edit date and time">
      <div>
        <label htmlFor="detail-date" className={labelClass()}>
          Date
        </label>
        <input id="detail-date" type="date" required className={inputClass()} value={date} onChange={(e) => edit(setDate, e.target.value)} />
      </div>
      <div>
        <label htmlFor="detail-time" className={labelClass()}>
          Meeting time
        </label>
        <input id="detail-time" type="time" required className={inputClass()} value={time} onChange={(e) => edit(setTime, e.target.value)} />
      </div>
      <div>
        <label htmlFor="detail-zone" className={labelClass()}>
          Timezone
        </label>
        <select id="detail-zone" className={inputClass()} value={zone} onChange={(e) => edit(setZone, e.target.value)}>
          {zones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </select>
      </div>
      {pastWarning ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-3">
          <p className="font-semibold">This start is in the past: {formatTimestamp(pastWarning, zone)} ({zone}).</p>
          <p>The game would already be over. Save it anyway only to correct the record.</p>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        {pastWarning ? (
          <button type="button" className={buttonClass('primary')} disabled={saving} onClick={() => void save(pastWarning)}>
            Save anyway
          </button>
        ) : (
          <button type="submit" className={buttonClass('primary')} disabled={saving}>
            Save date and time
          </button>
        )}
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
