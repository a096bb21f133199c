import { urlOf } from '../../../shared/api/endpoint';
import { publicBookingEndpoints } from '../../../shared/api/endpoints/public-booking';
import { useT } from '../../lib/i18n';

/**
 * "Add to calendar": the game's .ics by the code the page was opened with (decisions 0373, 0375). A plain link: a
 * phone hands text/calendar to its calendar app, a computer saves the file for its own. The event has the same UID
 * as the invites the booker is mailed, so adding it from both gives one event.
 */
export function AddToCalendar({ code }: { code: string }) {
  const t = useT('booker');
  return (
    <a
      href={urlOf(publicBookingEndpoints.calendar, { code })}
      download="hatch-game.ics"
      className="font-medium text-brand-700 underline"
      data-testid="add-to-calendar"
    >
      {t('addToCalendar')}
    </a>
  );
}
