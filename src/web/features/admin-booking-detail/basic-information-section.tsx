import type { AdminBooking } from '../../../shared/api/booking';
import { formatTimestamp } from '../../../shared/time';
import { copyToClipboard, EMAIL_COPIED } from '../../lib/clipboard';
import { DateTimeEditor } from './date-time-editor';
import { BookerLanguageEditor } from './booker-language-editor';
import { Badge, Button, Section } from '../../components/ui';
import { Info, orDash } from './ui';

const STATUS_TONE = { paid: 'green', completed: 'blue', lead: 'amber', enquiry: 'slate' } as const;

export function StatusBadge({ status }: { status: string }) {
  const tone = status in STATUS_TONE ? STATUS_TONE[status as keyof typeof STATUS_TONE] : 'slate';
  return <Badge tone={tone}>{status}</Badge>;
}

export function BasicInformationSection({ booking }: { booking: AdminBooking }) {
  const maps = `https://www.google.com/maps/search/?api=1&query=${booking.initial_area_lat},${booking.initial_area_lng}`;
  return (
    <Section title="Basic Information" id="basic">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Info label="Created at">{formatTimestamp(booking.created_at, booking.timezone)}</Info>
        <Info label="Contact name">{orDash(booking.full_name)}</Info>
        <Info label="Email">
          <Button variant="link" className="text-left" onClick={() => void copyToClipboard(booking.email, EMAIL_COPIED)} title="Copy email">
            {booking.email}
          </Button>
        </Info>
        <Info label="Company">{orDash(booking.company_name)}</Info>
        <Info label="Phone">{booking.tel ? <a href={`tel:${booking.tel}`}>{booking.tel}</a> : '—'}</Info>
        <Info label="Players">{booking.players}</Info>
        <Info label="Status">
          <StatusBadge status={booking.booking_status} />
        </Info>
        <Info label="Initial game area">
          <a href={maps} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            View on map ({booking.city}, {booking.initial_area_radius} m)
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
