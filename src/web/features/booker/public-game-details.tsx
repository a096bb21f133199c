import type { PublicBooking } from '../../../shared/api/booking';
import { zoneLabel } from './booking-format';
import { Row } from './booker-ui';
import { AddToCalendar } from './add-to-calendar';
import { useBookerText } from './use-booker-text';

/** What a player sees of a game: when and where, and the teams. Nothing private (decision 0140). */
export function PublicGameDetails({ booking }: { booking: PublicBooking }) {
  const { t, when } = useBookerText();
  return (
    <dl className="divide-y divide-slate-100" data-testid="public-game">
      <Row label={t('when')}>{when(booking)}</Row>
      <Row label={t('timeZone')}>{zoneLabel(booking.timezone)}</Row>
      <Row label={t('calendar')}>
        <AddToCalendar code={booking.code} />
      </Row>
      <Row label={t('city')}>{booking.city}</Row>
      <Row label={t('meetingPoint')}>{booking.meeting_point_address ?? t('meetingPointLater')}</Row>
      <Row label={t('teams')}>{booking.teams_list.length ? booking.teams_list.map((team) => team.name).join(', ') : t('notSetYet')}</Row>
    </dl>
  );
}
