import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { LEAD_STATUSES } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { formatTimestamp } from '../../../shared/time';
import { buttonClass, Dialog, inputClass, labelClass, Section } from '../../components/ui';
import { detailCalls, useDetailAction } from './detail-api';
import { Info, orDash } from './ui';

const LABELS: Record<(typeof LEAD_STATUSES)[number], string> = {
  new: 'New',
  contacted: 'Contacted',
  negotiating: 'Negotiating',
  lost: 'Lost',
  converted: 'Converted',
  trash: 'Trash',
};
const labelOf = (status: string) => LABELS[LEAD_STATUSES.find((s) => s === status) ?? 'new'];

/**
 * Any status may be chosen; each change asks for a reason in a dialog. The select shows the chosen status
 * while the dialog is open; cancelling puts the stored one back, and a blank reason sends nothing.
 */
export function LeadStatusSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [blank, setBlank] = useState(false);
  const [saving, setSaving] = useState(false);
  const formId = useId();

  function choose(next: string) {
    if (next === booking.lead_status) return;
    setChosen(next);
    setReason('');
    setBlank(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (chosen === null) return;
    const text = reason.trim();
    if (!text) {
      setBlank(true);
      return;
    }
    setSaving(true);
    // The server writes the note 'Lead status changed to X: reason' in the same transaction.
    await run(() => detailCalls.leadStatus(booking, chosen, text), {
      success: 'Lead status updated successfully',
      failure: 'Failed to update lead status',
      bookingOf: (b) => b,
    });
    setSaving(false);
    setChosen(null);
  }

  return (
    <Section title="Lead Status" id="lead">
      <label htmlFor="detail-lead-status" className={labelClass()}>
        Lead status
      </label>
      <select
        id="detail-lead-status"
        className={`${inputClass()} max-w-xs`}
        value={chosen ?? booking.lead_status}
        disabled={saving}
        onChange={(e) => choose(e.target.value)}
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {LABELS[s]}
          </option>
        ))}
      </select>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Info label="Reason">{orDash(booking.lead_status_reason)}</Info>
        <Info label="Changed at">{booking.lead_status_changed_at ? formatTimestamp(booking.lead_status_changed_at, booking.timezone) : '—'}</Info>
      </dl>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !saving) setChosen(null);
        }}
        title="Change lead status"
        size="sm"
        footer={
          <>
            <button type="button" className={buttonClass('secondary')} disabled={saving} onClick={() => setChosen(null)}>
              Cancel
            </button>
            <button type="submit" form={formId} className={buttonClass('primary')} disabled={saving}>
              Save status
            </button>
          </>
        }
      >
        <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate>
          <p className="mb-3 text-sm text-slate-600">
            {labelOf(booking.lead_status)} → <strong>{chosen ? labelOf(chosen) : ''}</strong>
          </p>
          <label htmlFor={`${formId}-reason`} className={labelClass()}>
            {DETAIL_MESSAGES.leadReasonPrompt}
          </label>
          <textarea
            id={`${formId}-reason`}
            className={inputClass()}
            rows={3}
            value={reason}
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${formId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {blank ? (
            <p id={`${formId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {DETAIL_MESSAGES.leadReason}
            </p>
          ) : null}
        </form>
      </Dialog>
    </Section>
  );
}
