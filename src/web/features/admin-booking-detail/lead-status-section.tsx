import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { LEAD_STATUSES } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { formatTimestamp } from '../../../shared/time';
import { detailCalls, useDetailAction } from './detail-api';
import { Field, inputClass, labelClass, orDash, Section } from './ui';

const LABELS: Record<(typeof LEAD_STATUSES)[number], string> = {
  new: 'New',
  contacted: 'Contacted',
  negotiating: 'Negotiating',
  lost: 'Lost',
  converted: 'Converted',
  trash: 'Trash',
};

/** Any status may be chosen; each change needs a reason typed in a prompt, or nothing is sent. */
export function LeadStatusSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [saving, setSaving] = useState(false);

  async function onChange(next: string) {
    if (next === booking.lead_status) return;
    const reason = window.prompt(DETAIL_MESSAGES.leadReasonPrompt);
    if (!reason?.trim()) return;
    setSaving(true);
    // The server writes the note 'Lead status changed to X: reason' in the same transaction.
    await run(() => detailCalls.leadStatus(booking, next, reason.trim()), {
      success: 'Lead status updated successfully',
      failure: 'Failed to update lead status',
      bookingOf: (b) => b,
    });
    setSaving(false);
  }

  return (
    <Section title="Lead Status" id="lead">
      <label htmlFor="detail-lead-status" className={labelClass}>
        Lead status
      </label>
      <select id="detail-lead-status" className={`${inputClass} max-w-xs`} value={booking.lead_status} disabled={saving} onChange={(e) => void onChange(e.target.value)}>
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {LABELS[s]}
          </option>
        ))}
      </select>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label="Reason">{orDash(booking.lead_status_reason)}</Field>
        <Field label="Changed at">{booking.lead_status_changed_at ? formatTimestamp(booking.lead_status_changed_at, booking.timezone) : '—'}</Field>
      </dl>
    </Section>
  );
}
