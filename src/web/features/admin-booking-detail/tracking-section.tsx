import type { AdminBooking } from '../../../shared/api/booking';
import { TRACKING_FIELDS } from '../../../shared/tracking';
import { Section } from '../../components/ui';
import { Info } from './ui';

export function TrackingSection({ booking }: { booking: AdminBooking }) {
  const present = TRACKING_FIELDS.filter((f) => booking[f]);
  return (
    <Section title="Tracking Information" id="tracking">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Info label="Source">{booking.source ?? 'Unknown'}</Info>
        <Info label="Referral source">{booking.referral_source ?? '—'}</Info>
        {present.map((f) => (
          <Info key={f} label={f}>
            {booking[f]}
          </Info>
        ))}
      </dl>
      {present.length === 0 ? <p className="mt-3 text-sm text-slate-500">No tracking parameters recorded</p> : null}
    </Section>
  );
}
