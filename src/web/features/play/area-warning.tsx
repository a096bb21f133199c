import { AREA_MESSAGES, outsideArea } from '../../../shared/game/area';
import type { MapPlayer, PublicGame } from '../../../shared/api/play';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

/** The outside-the-area warning (decision 0280): the shared geo rule on this phone's last position. */
export function AreaWarning({ me, area }: { me: MapPlayer; area: PublicGame['area'] }) {
  const t = useT('play');
  const say = useMessageText();
  const { integer } = useReaderFormat();
  if (!me.position) return null;
  const verdict = outsideArea(me.position, area);
  if (!verdict.outside) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-900" data-testid="outside-area">
      ⚠️ {say(AREA_MESSAGES.outside)} {t('metresOut', { metres: integer(verdict.metres) })}
    </p>
  );
}
