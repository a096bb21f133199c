import { useLocale, useT } from '../../lib/i18n';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useParams } from 'react-router';
import { pathOf } from '../../../shared/api/endpoint';
import { screenEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import type { ScreenResponse } from '../../../shared/api/showcase';
import { api, ApiError } from '../../lib/api-client';
import { applyFeedEvent } from '../../lib/feed-events';
import { applyLiveEvent } from '../../lib/live-game-events';
import type { SseEvent } from '../../lib/event-stream';
import { useLiveGame } from '../../lib/use-live-game';
import { ActivityFeed, feedAlt, MediaView } from '../../components/activity-feed';
import { ConnectionStatus } from '../../components/connection-status';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { Spinner } from '../../components/spinner';
import { TeamLeaderboard } from '../../components/team-leaderboard';
import { winnersOf, winnerText } from '../../../shared/scoring/leaderboard';

/**
 * /screen/{token}: the big screen for a projector (issue 29, decision 0451). Read-only, opened by a private link: the
 * live leaderboard (the one total), the feed as a photo wall, the time left and the area map with the teams. The
 * server never sends this page the Chicken, in its snapshot or its stream.
 */

const STATUS_KEYS = { not_started: 'notStarted', lobby: 'lobby', live: 'live', ended: 'ended' } as const;

function applyScreenEvent(token: string) {
  const mediaUrl = (id: number) => pathOf(ep.media.path, { token, id });
  return (snapshot: ScreenResponse, event: SseEvent): ScreenResponse => {
    if (event.event === 'feed') return { ...snapshot, feed: applyFeedEvent(snapshot.feed, event, mediaUrl) };
    return applyLiveEvent<ScreenResponse['teams'][number], ScreenResponse>(snapshot, event, (t) => ({
      id: t.id,
      name: t.name,
      challenge_points: t.challenge_points,
      chicken_points: t.chicken_points,
      adjustments: t.adjustments,
      found_chicken_at: t.found_chicken_at,
      spent: t.spent,
    }));
  };
}

export function ScreenPage() {
  const { token = '' } = useParams();
  const t = useT('screen');
  const { language, locale } = useLocale();
  const live = useLiveGame({
    queryKey: ['screen', token],
    fetchSnapshot: (signal) => api(ep.screen, { params: { token }, signal }),
    streamUrl: pathOf(ep.stream.path, { token }),
    apply: applyScreenEvent(token),
  });
  const now = useNow();
  if (live.isPending)
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-900 text-white">
        <Spinner />
      </main>
    );
  if (live.isError || !live.data) {
    const gone = live.error instanceof ApiError && live.error.status === 404;
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-900 p-8 text-center text-2xl text-white" data-testid="screen-error">
        {gone ? t('invalidLink') : t('loadFailed')}
      </main>
    );
  }
  const { game, teams, players, feed } = live.data;
  const left = game.status === 'live' ? timeLeftText(game.ends_at, now) : null;
  // The winner line in the screen's language; English keeps the shared rule's own words.
  const won = winnersOf(teams);
  const winner =
    language === 'en'
      ? winnerText(teams)
      : won[0]
        ? t('winner', { count: won.length, names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(won.map((w) => w.name)), points: won[0].total })
        : null;
  return (
    <main className="min-h-dvh space-y-4 bg-slate-900 p-6 text-white" data-testid="big-screen">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-4xl font-bold">
          {t('title', { city: game.city })} <span className="font-mono text-2xl text-slate-300">{game.code}</span>
        </h1>
        <div className="flex items-center gap-6">
          <p className="text-2xl font-semibold" data-testid="screen-game-state">
            {t(STATUS_KEYS[game.status])}
          </p>
          {/* The prize-giving reads the winner off the projector (issue 36), by the one ranking rule. */}
          {game.status === 'ended' && winner ? (
            <p className="rounded-lg bg-amber-400 px-4 py-2 text-3xl font-bold text-slate-900" data-testid="screen-winner">
              🏆 {winner}
            </p>
          ) : null}
          {left ? (
            <p className="font-mono text-5xl font-bold" data-testid="time-left" aria-label={t('timeLeft', { left })}>
              ⏱ {left}
            </p>
          ) : null}
          <span className="rounded-full bg-white px-2 py-1">
            <ConnectionStatus state={live.connection} />
          </span>
          {/* The host picks the projector's language here (issue 38); kept for this browser. */}
          <span className="rounded-lg bg-white px-2 py-1">
            <LanguageSwitcher />
          </span>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr_1.4fr]">
        <section aria-labelledby="screen-leaderboard" className="space-y-2">
          <h2 id="screen-leaderboard" className="text-2xl font-semibold">
            {t('leaderboard')}
          </h2>
          <TeamLeaderboard teams={teams} testId="screen-leaderboard" label={t('leaderboard')} className="text-xl text-slate-900" />
        </section>
        <section aria-labelledby="screen-map" className="space-y-2">
          <h2 id="screen-map" className="text-2xl font-semibold">
            {t('area')}
          </h2>
          <LazyLiveMap area={game.area} teams={teams} players={players} className="h-[70vh] w-full" />
        </section>
        <section aria-labelledby="screen-wall" className="space-y-2">
          <h2 id="screen-wall" className="text-2xl font-semibold">
            {t('photoWall')}
          </h2>
          <ActivityFeed
            items={feed.slice(0, 12)}
            look="wall"
            empty={t('wallEmpty')}
            media={(item) => (
              <MediaView src={item.media_url} type={item.media_kind} alt={feedAlt(item)} controls={false} className="aspect-square w-full object-cover" />
            )}
          />
        </section>
      </div>
    </main>
  );
}
