import { useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { notifyError } from '../../lib/toast';
import { detailCalls, useDetailAction } from './detail-api';
import { buttonClass, inputClass, labelClass, Section } from '../../components/ui';
import { Field, orDash } from './ui';

/** Only when a game exists: hand the running game to another host by user ID. */
export function EmergencyHostSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [userId, setUserId] = useState('');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const id = userId.trim();
    if (!id) {
      notifyError(DETAIL_MESSAGES.userId);
      return;
    }
    setSaving(true);
    const done = await run(() => detailCalls.emergencyHost(booking, id), {
      success: 'Emergency host change successful',
      failure: 'Failed to change host',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    setSaving(false);
    if (done) setUserId('');
  }

  return (
    <Section title="Emergency Host Change" id="emergency-host">
      <dl className="mb-4">
        <Field label="Game host user ID">{orDash(booking.game?.host_id)}</Field>
      </dl>
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="detail-emergency-host" className={labelClass()}>
            New host user ID
          </label>
          <input id="detail-emergency-host" inputMode="numeric" className={inputClass()} value={userId} onChange={(e) => setUserId(e.target.value)} />
        </div>
        <button type="submit" className={buttonClass('danger')} disabled={saving}>
          Change Host
        </button>
      </form>
    </Section>
  );
}
