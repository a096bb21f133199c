import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hintEndpoints as ep } from '../../../shared/api/endpoints/hints';
import type { TeamHint } from '../../../shared/api/hints';
import { Button, FieldError } from '../../components/ui';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useT } from '../../lib/i18n';
import { playerHeaders } from './challenges-api';

/** The team's hints of the game's challenges (decision 0581): one query for the tab, read again each minute (time opens hints). */
export const hintKeys = { list: (code: string) => ['play', 'hints', code.toUpperCase()] as const };
const fetchHints = async (code: string, token: string) => (await api(ep.list, { params: { code }, headers: playerHeaders(token) })).hints;

/**
 * A challenge's hints on its card: a hint shown (by time, or taken) reads as its text; one not yet shown says when it
 * opens and, when it can be asked for, offers it for its points (charged once: the server's rule).
 */
export function ChallengeHints({ code, token, challengeId, live }: { code: string; token: string; challengeId: number; live: boolean }) {
  const t = useT('play');
  const queryClient = useQueryClient();
  const hints = useQuery({ queryKey: hintKeys.list(code), queryFn: () => fetchHints(code, token), refetchInterval: 60_000 });
  const take = useAction({
    call: (hint: TeamHint) => api(ep.take, { params: { code }, headers: playerHeaders(token), body: { challenge_id: hint.challenge_id, index: hint.index } }),
    success: (result) => (result.charged > 0 ? t('hintShownCharged', { points: result.charged }) : t('hintShown')),
    failure: t('hintFailed'),
    onSuccess: (result) => {
      queryClient.setQueryData<TeamHint[]>(hintKeys.list(code), (list) =>
        list?.map((h) => (h.challenge_id === result.hint.challenge_id && h.index === result.hint.index ? result.hint : h)),
      );
    },
  });
  const mine = (hints.data ?? []).filter((h) => h.challenge_id === challengeId);
  if (mine.length === 0) return null;
  return (
    <div className="space-y-1" data-testid="challenge-hints">
      <ul className="space-y-1 text-sm">
        {mine.map((h) => (
          <li key={h.index} className="rounded-lg bg-amber-50 px-3 py-2" data-testid="hint" data-shown={h.shown}>
            <span className="font-semibold">{t('hintNumber', { n: h.index + 1 })} </span>
            {h.shown ? (
              h.text
            ) : (
              <span className="text-slate-700">
                {h.after_minutes !== null ? t('hintOpensAfter', { minutes: h.after_minutes }) : t('hintOnRequest')}
                {h.cost !== null && live ? (
                  <Button size="sm" variant="secondary" className="ml-2" disabled={take.isPending} onClick={() => void take.run(h)}>
                    {h.cost > 0 ? t('hintShowFor', { points: h.cost }) : t('hintShowNow')}
                  </Button>
                ) : null}
              </span>
            )}
          </li>
        ))}
      </ul>
      <FieldError message={take.error} />
    </div>
  );
}
