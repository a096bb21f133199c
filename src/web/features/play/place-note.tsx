import { useQuery } from '@tanstack/react-query';
import { placesEndpoints as ep } from '../../../shared/api/endpoints/places';
import type { PlayChallenge } from '../../../shared/api/play-challenges';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useT } from '../../lib/i18n';
import { Button } from '../../components/ui';
import type { MapPlace } from '../../components/live-map/live-map';
import { challengeKeys, fetchChallenges, playerHeaders } from './challenges-api';

/**
 * A challenge tied to a place on the phone (issue 29, decision 0440): where to be, a hidden pin's hint, and a
 * check-in's button. The server decides (the phone's fresh fix inside the radius); this only explains.
 */
export function PlaceNote({ code, token, challenge: c, canSubmit }: { code: string; token: string; challenge: PlayChallenge; canSubmit: boolean }) {
  const t = useT('play');
  const checkIn = useAction({
    call: () => api(ep.checkIn, { params: { code }, body: { challenge_id: c.id }, headers: playerHeaders(token) }),
    success: (r) => (r.already ? t('alreadyCheckedIn') : t('checkedInPoints', { points: r.submission.points_awarded })),
    failure: t('checkInFailed'),
    failureToast: 'server',
    invalidates: [challengeKeys.list(code)],
  });
  if (!c.location && !c.place_hidden) return null;
  const done = c.check_in && c.submissions.some((s) => s.status === 'approved');
  return (
    <div className="space-y-2 rounded-lg bg-sky-50 p-2 text-sm text-sky-900" data-testid="challenge-place">
      <p>
        📍{' '}
        {c.place_hidden
          ? t('placeHidden')
          : c.check_in
            ? t('placeCheckIn', { metres: c.location?.radius_m ?? 0 })
            : t('placeAnswer', { metres: c.location?.radius_m ?? 0 })}
      </p>
      {c.check_in ? (
        done ? (
          <p className="font-semibold text-green-800" data-testid="checked-in">
            ✓ {t('checkedIn')}
          </p>
        ) : canSubmit ? (
          <Button variant="primary" size="sm" disabled={checkIn.isPending} onClick={() => void checkIn.run()}>
            {t('checkIn')}
          </Button>
        ) : null
      ) : null}
      {checkIn.error ? <p className="text-red-800">{checkIn.error}</p> : null}
    </div>
  );
}

/** How often the challenge list is read again while a hidden place may appear (the server reveals it when near). */
const HIDDEN_POLL_MS = 15_000;

/** The pins of the team's challenges for its map: the places it may see, the ones it finished marked done. */
export function usePlacePins(code: string, token: string, enabled: boolean): MapPlace[] {
  const list = useQuery({
    queryKey: challengeKeys.list(code),
    queryFn: () => fetchChallenges(code, token),
    enabled,
    refetchInterval: (q) => (q.state.data?.challenges.some((c) => c.place_hidden) ? HIDDEN_POLL_MS : false),
  });
  return (list.data?.challenges ?? []).flatMap((c) =>
    c.location ? [{ id: c.id, name: c.name, lat: c.location.lat, lng: c.location.lng, radius_m: c.location.radius_m, done: c.points_left === 0 }] : [],
  );
}
