import { AREA_MESSAGES, outsideArea } from '../../../shared/game/area';
import type { MapPlayer, PublicGame } from '../../../shared/api/play';

/** The outside-the-area warning (decision 0280): the shared geo rule on this phone's last position. */
export function AreaWarning({ me, area }: { me: MapPlayer; area: PublicGame['area'] }) {
  if (!me.position) return null;
  const verdict = outsideArea(me.position, area);
  if (!verdict.outside) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-900" data-testid="outside-area">
      ⚠️ {AREA_MESSAGES.outside} ({verdict.metres} m out)
    </p>
  );
}
