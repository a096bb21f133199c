import type { AdminBooking } from '../../../shared/api/booking';
import { TRACKING_FIELDS } from '../../../shared/tracking';
import { Section } from '../../components/ui';
import { Field } from './ui';

export function TrackingSection({ booking }: { booking: AdminBooking }) {
  const present = TRACKING_FIELDS.filter((f) => booking[f]);
  return (
    <Section title="Tracking Information" id="tracking">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Field label="Source">{booking.source ?? 'Unknown'}</Field>
        <Field label="Referral source">{booking.referral_source ?? '—'}</Field>
        {present.map((f) => (
          <Field key={f} label={f}>
            {booking[f]}
          </Field>
        ))}
      </dl>
      {present.length === 0 ? <p className="mt-3 text-sm text-slate-500">No tracking parameters recorded</p> : null}
    </Section>
  );
}
