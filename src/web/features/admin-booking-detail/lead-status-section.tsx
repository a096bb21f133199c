import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { LEAD_STATUSES } from '../../../shared/api/booking';
import { DETAIL_MESSAGES, leadStatusBody } from '../../../shared/api/admin-booking-detail';
import { formatTimestamp } from '../../../shared/time';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, Dialog, Field, Section, Select, Textarea } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { Info, orDash } from './ui';
import { useMessageText, useT } from '../../lib/i18n';

/** Each lead status's name (English: shared/api/booking.ts LEAD_STATUS_LABELS). */
const LABEL_KEYS = {
  new: 'bookings.leadNew',
  contacted: 'bookings.leadContacted',
  negotiating: 'bookings.leadNegotiating',
  lost: 'bookings.leadLost',
  converted: 'bookings.leadConverted',
  trash: 'bookings.leadTrash',
} as const;

/**
 * Any status may be chosen; each change asks for a reason in a dialog. The select shows the chosen status
 * while the dialog is open; cancelling puts the stored one back, and a blank reason sends nothing.
 */
const leadForm = leadStatusBody.pick({ lead_status: true, lead_status_reason: true });
type LeadForm = z.input<typeof leadForm>;

export function LeadStatusSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const message = useMessageText();
  const labelOf = (status: string) => t(LABEL_KEYS[LEAD_STATUSES.find((s) => s === status) ?? 'new']);
  const [chosen, setChosen] = useState<LeadForm['lead_status'] | null>(null);
  const form = useForm<LeadForm, unknown, z.output<typeof leadForm>>({
    resolver: zodResolver(leadForm),
    defaultValues: { lead_status: LEAD_STATUSES.find((s) => s === booking.lead_status) ?? 'new', lead_status_reason: '' },
  });
  // The server writes the note 'Lead status changed to X: reason' in the same transaction. The dialog closes either way.
  const save = useAction({
    call: ({ lead_status, lead_status_reason }: z.output<typeof leadForm>) => detailCalls.leadStatus(booking, lead_status, lead_status_reason),
    success: t('detail.leadUpdated'),
    failure: t('detail.leadFailed'),
    ...writesBooking(booking.id),
  });
  const saving = save.isPending;
  const formId = useId();

  function choose(next: string) {
    const status = LEAD_STATUSES.find((s) => s === next);
    if (!status || status === booking.lead_status) return;
    setChosen(status);
    form.reset({ lead_status: status, lead_status_reason: '' });
  }

  async function onSubmit(body: z.output<typeof leadForm>) {
    await save.run(body);
    setChosen(null);
  }

  return (
    <Section title={t('detail.leadTitle')} id="lead">
      <Field label={t('bookings.leadStatusLabel')} id="detail-lead-status">
        <Select className="max-w-xs" value={chosen ?? booking.lead_status} disabled={saving} onChange={(e) => choose(e.target.value)}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {labelOf(s)}
            </option>
          ))}
        </Select>
      </Field>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Info label={t('detail.reason')}>{orDash(booking.lead_status_reason)}</Info>
        <Info label={t('detail.changedAt')}>{booking.lead_status_changed_at ? formatTimestamp(booking.lead_status_changed_at, booking.timezone) : '—'}</Info>
      </dl>
      {booking.booking_status === 'enquiry' || booking.booking_status === 'lead' ? (
        // A quote for this lead (docs/decisions/0260): the proposals page opens its form with this booking.
        <Link to={`${paths.admin.proposals}?booking=${booking.id}`} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
          {t('detail.makeProposal')}
        </Link>
      ) : null}
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !saving) setChosen(null);
        }}
        title={t('detail.changeLead')}
        size="sm"
        footer={
          <>
            <Button disabled={saving} onClick={() => setChosen(null)}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="primary" disabled={saving}>
              {t('detail.saveStatus')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
          <p className="mb-3 text-sm text-slate-600">
            {labelOf(booking.lead_status)} → <strong>{chosen ? labelOf(chosen) : ''}</strong>
          </p>
          <Field
            label={message(DETAIL_MESSAGES.leadReasonPrompt)}
            id={`${formId}-reason`}
            error={form.formState.errors.lead_status_reason?.message && message(form.formState.errors.lead_status_reason.message)}
          >
            <Textarea rows={3} {...form.register('lead_status_reason')} />
          </Field>
        </form>
      </Dialog>
    </Section>
  );
}
