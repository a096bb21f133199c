import type { AdminBooking } from '../../../shared/api/booking';
import { TRACKING_FIELDS } from '../../../shared/tracking';
import { Section } from '../../components/ui';
import { Info } from './ui';
import { useT } from '../../lib/i18n';

export function TrackingSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const present = TRACKING_FIELDS.filter((f) => booking[f]);
  return (
    <Section title={t('detail.tracking')} id="tracking">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Info label={t('bookings.colSource')}>{booking.source ?? t('detail.unknown')}</Info>
        <Info label={t('detail.referral')}>{booking.referral_source ?? '—'}</Info>
        {present.map((f) => (
          <Info key={f} label={f}>
            {booking[f]}
          </Info>
        ))}
      </dl>
      {present.length === 0 ? <p className="mt-3 text-sm text-slate-500">{t('detail.noTracking')}</p> : null}
    </Section>
  );
}
