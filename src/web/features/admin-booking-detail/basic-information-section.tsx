import type { AdminBooking } from '../../../shared/api/booking';
import { formatTimestamp } from '../../../shared/time';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useT } from '../../lib/i18n';
import { useStatusText } from '../../lib/status-text';
import { DateTimeEditor } from './date-time-editor';
import { BookerLanguageEditor } from './booker-language-editor';
import { Badge, Button, Section } from '../../components/ui';
import { Info, orDash } from './ui';

const STATUS_TONE = { paid: 'green', completed: 'blue', lead: 'amber', enquiry: 'slate' } as const;

export function StatusBadge({ status }: { status: string }) {
  const statusText = useStatusText();
  const tone = status in STATUS_TONE ? STATUS_TONE[status as keyof typeof STATUS_TONE] : 'slate';
  return <Badge tone={tone}>{statusText(status)}</Badge>;
}

export function BasicInformationSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const copyToClipboard = useCopyToClipboard();
  const maps = `https://www.google.com/maps/search/?api=1&query=${booking.initial_area_lat},${booking.initial_area_lng}`;
  return (
    <Section title={t('detail.basic')} id="basic">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Info label={t('detail.createdAt')}>{formatTimestamp(booking.created_at, booking.timezone)}</Info>
        <Info label={t('detail.contactName')}>{orDash(booking.full_name)}</Info>
        <Info label={t('bookings.colEmail')}>
          <Button
            variant="link"
            className="text-left"
            onClick={() => void copyToClipboard(booking.email, t('bookings.emailCopied'))}
            title={t('bookings.copyEmail')}
          >
            {booking.email}
          </Button>
        </Info>
        <Info label={t('detail.company')}>{orDash(booking.company_name)}</Info>
        <Info label={t('detail.phone')}>{booking.tel ? <a href={`tel:${booking.tel}`}>{booking.tel}</a> : '—'}</Info>
        <Info label={t('bookings.colPlayers')}>{booking.players}</Info>
        <Info label={t('bookings.colStatus')}>
          <StatusBadge status={booking.booking_status} />
        </Info>
        <Info label={t('detail.initialArea')}>
          <a href={maps} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {t('detail.viewOnMap', { city: booking.city, radius: String(booking.initial_area_radius) })}
          </a>
        </Info>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <DateTimeEditor booking={booking} />
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <BookerLanguageEditor key={booking.language} booking={booking} />
      </div>
    </Section>
  );
}
