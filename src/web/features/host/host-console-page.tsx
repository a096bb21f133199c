import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleResponse } from '../../../shared/api/host';
import type { FeedItem } from '../../../shared/api/showcase';
import type { ReviewSubmission } from '../../../shared/api/submissions';

type ReviewQueue = { submissions: ReviewSubmission[] };
import { formatTimestamp } from '../../../shared/time';
import { applyFeedEvent } from '../../lib/feed-events';
import { applyConsoleEvent, applyReviewEvent } from '../../lib/live-game-events';
import { useLiveGame } from '../../lib/use-live-game';
import { ConnectionStatus } from '../../components/connection-status';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { Spinner } from '../../components/spinner';
import { Badge, Button, Section } from '../../components/ui';
import { HostLoadError } from './host-access';
import { consoleStreamUrl, fetchConsole, hostKeys } from './host-api';
import { HostGameControls } from './host-game-controls';
import { HostTeams } from './host-teams';
import { MessagesPanel } from './messages-panel';
import { InboxPanel } from './inbox-panel';
import { onScriptEvent, QuestionsPanel, ScriptPanel } from './script-panel';
import { applyInboxEvent, inboxKeys } from './inbox-api';
import type { InboxMessage } from '../../../shared/api/chat';
import { useNewAnswers } from './new-answers';
import { PlayersTable } from './players-table';
import { ReviewPanel } from './review-panel';
import { fetchReviewQueue, reviewKeys } from './review-api';
import { hostMediaUrl, ShowcasePanel, showcaseKeys } from './showcase-panel';
import { HostFrame, STATUS_KEYS, statusTone } from './host-ui';
import { HuntSection, stationMarkers, useHuntConsole } from './hunt-section';
import { useAreas, useT } from '../../lib/i18n';

/**
 * /host/{code}: the host console (decision 0230), review first (issue 29): on a phone the queue of answers waiting
 * comes first, with its count and a badge (and an optional chime) for new ones, then the teams in a table that fits
 * 390 px, the map, messages, the hunt, the feed and the big screen, the players. The game's state and the
 * connection's are labelled apart.
 */
export function HostConsolePage() {
  const { code = '' } = useParams();
  // The console's areas and the shared parts' (leaderboard, feed, dialogs; the review cards, the script and the map's
  // hiding spot, whose words are the content area's), in before it shows.
  useAreas('host', 'staff', 'common', 'content');
  const t = useT('host');
  const queryClient = useQueryClient();
  const answers = useNewAnswers();
  const live = useLiveGame({
    queryKey: hostKeys.console(code),
    fetchSnapshot: (signal) => fetchConsole(code, signal),
    streamUrl: consoleStreamUrl(code),
    apply: applyConsoleEvent,
    // A new submission or a verdict (from here, another host or staff) moves the review queue; the feed moves.
    onEvent: (event) => {
      // The review queue takes the submission from the event (new or reviewed), with no fetch (issue 36).
      for (const [key, list] of queryClient.getQueriesData<ReviewQueue>({ queryKey: reviewKeys.list(code) })) {
        if (list) queryClient.setQueryData<ReviewQueue>(key, applyReviewEvent(list, event, key.at(-1) === false));
      }
      answers.note(event);
      queryClient.setQueryData<FeedItem[]>(showcaseKeys.feed(code), (items) => (items ? applyFeedEvent(items, event, hostMediaUrl(code)) : items));
      // The inbox takes every chat message (0580); a score change may be a hint taken (0581).
      queryClient.setQueryData<InboxMessage[]>(inboxKeys.list(code), (list) => (list ? applyInboxEvent(list, event) : list));
      if (event.event === 'teams') void queryClient.invalidateQueries({ queryKey: inboxKeys.hints(code) });
      onScriptEvent(queryClient, code, event);
    },
  });

  if (live.isPending)
    return (
      <HostFrame title={t('gameTitle', { code })}>
        <Spinner />
      </HostFrame>
    );
  if (live.isError || !live.data) {
    return (
      <HostFrame title={t('gameTitle', { code })}>
        <HostLoadError error={live.error} onRetry={() => void live.refetch()} retrying={live.isFetching} />
      </HostFrame>
    );
  }
  return <Console code={code} snapshot={live.data} connection={<ConnectionStatus state={live.connection} />} answers={answers} />;
}

function Console({
  code,
  snapshot,
  connection,
  answers,
}: {
  code: string;
  snapshot: ConsoleResponse;
  connection: React.ReactNode;
  answers: ReturnType<typeof useNewAnswers>;
}) {
  const t = useT('host');
  const now = useNow();
  const { game, booking } = snapshot;
  const left = game.status === 'live' ? timeLeftText(game.ends_at, now) : null;
  const hunt = useHuntConsole(code, `${game.status}:${game.area.radius}:${snapshot.teams.map((t) => t.chicken_points).join(',')}`);
  // The same query as the review panel's pending list: one fetch, its length is the count of what waits.
  const waiting = useQuery({ queryKey: [...reviewKeys.list(code), false], queryFn: () => fetchReviewQueue(code, 'pending') });
  const waitingCount = waiting.data?.submissions.length ?? null;
  return (
    <HostFrame
      title={
        <>
          {t('game')} <span className="font-mono">{game.code}</span>
          <span className="inline-flex items-center gap-1 text-base font-normal">
            <span className="text-slate-600">{t('gameLabel')}</span>
            <Badge tone={statusTone(game.status)}>
              <span data-testid="game-status">{t(STATUS_KEYS[game.status])}</span>
            </Badge>
          </span>
          {left ? (
            <span className="font-mono text-lg" data-testid="time-left">
              ⏱ {left}
            </span>
          ) : null}
        </>
      }
      actions={<HostGameControls code={code} snapshot={snapshot} />}
    >
      <p className="flex items-center gap-1 text-sm" data-testid="connection-line">
        <span className="text-slate-600">{t('connectionLabel')}</span> {connection}
      </p>
      <Section
        id="submissions"
        title={waitingCount === null ? t('review') : t('reviewWaiting', { count: waitingCount })}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {answers.count > 0 ? (
              <span data-testid="new-answers" aria-live="polite">
                <Badge tone="amber">{t('newAnswers', { count: answers.count })}</Badge>
              </span>
            ) : null}
            {answers.count > 0 ? (
              <Button size="sm" onClick={answers.clear}>
                {t('markSeen')}
              </Button>
            ) : null}
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={answers.sound} onChange={(e) => answers.setSound(e.target.checked)} data-testid="review-sound" /> {t('sound')}
            </label>
          </div>
        }
      >
        <ReviewPanel code={code} />
      </Section>
      <Section id="teams" title={t('teams')}>
        <HostTeams teams={snapshot.teams} />
      </Section>
      <p className="text-sm text-slate-700">
        {booking.name ?? t('unnamedBooking')} · {t('playersBooked', { count: booking.players })} · {t('minutes', { count: booking.duration })}
        {booking.starts_at ? ` · ${t('startsAt', { time: formatTimestamp(booking.starts_at) })}` : ''}
        {booking.meeting_point ? ` · ${t('meetAt', { place: booking.meeting_point })}` : ''}
        {booking.phone ? ` · ${t('organiserPhone', { phone: booking.phone })}` : ''}
      </p>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <LazyLiveMap
          area={game.area}
          teams={snapshot.teams}
          players={snapshot.players}
          bookedArea={hunt?.booked_area ?? null}
          stations={stationMarkers(hunt)}
          hidingSpot={hunt?.hiding_spot ?? null}
          className="h-[60vh] w-full"
        />
        <MessagesPanel code={code} messages={snapshot.messages} disabled={game.status === 'ended'} />
      </div>
      <InboxPanel code={code} teams={snapshot.teams} hasChicken={snapshot.players.some((p) => p.role === 'chicken')} disabled={game.status === 'ended'} />
      <HuntSection code={code} hunt={hunt} />
      <QuestionsPanel code={code} />
      <ScriptPanel code={code} disabled={game.status === 'ended'} />
      <Section id="feed" title={t('feedAndScreen')}>
        <ShowcasePanel code={code} />
      </Section>
      <Section id="players" title={t('playersCount', { count: snapshot.players.length })}>
        <PlayersTable
          players={snapshot.players}
          teams={snapshot.teams}
          now={now}
          inLobby={snapshot.game.status !== 'live' && snapshot.game.status !== 'ended'}
        />
      </Section>
    </HostFrame>
  );
}
