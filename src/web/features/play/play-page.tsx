import { useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { Language } from '../../../shared/i18n/languages';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Player } from '../../../shared/api/play';
import { paths } from '../../lib/paths';
import { ApiError, errorMessage, retryUnlessRefused } from '../../lib/api-client';
import { applyChallengesEvent, applyMapEvent, applySubmissionEvent } from '../../lib/live-game-events';
import { useLiveGame } from '../../lib/use-live-game';
import { applyFeedEvent } from '../../lib/feed-events';
import type { FeedItem } from '../../../shared/api/showcase';
import { FeedTab } from './feed-tab';
import { feedKeys, feedMediaUrl } from './feed-api';
import { ConnectionStatus } from '../../components/connection-status';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState, Field, Input } from '../../components/ui';
import { GameOver } from './game-over';
import { JoinForm } from './join-form';
import { LiveView } from './live-view';
import { HuntPanel, useStationMarkers } from './hunt-panel';
import { onHuntEvent, weaponsOn } from './hunt-api';
import { LiveTabs } from './live-tabs';
import { MessagesTab } from './messages-tab';
import { applyChatEvent, fetchMessages, messageKeys, useUnread } from './messages-api';
import type { ChatMessage } from '../../../shared/api/chat';
import { ChallengesTab } from './challenges-tab';
import { challengeKeys, fetchChallenges } from './challenges-api';
import { briefingKey } from './briefing';
import { currentLanguage } from '../../lib/language';
import type { PlayChallengesResponse } from '../../../shared/api/play-challenges';
import { ResultsLink } from './results-link';
import { LobbyView } from './lobby-view';
import { BriefingButton, BriefingCard, FinishMessage } from './briefing';
import { usePlacePins } from './place-note';
import { fetchGame, fetchMap, fetchMe, playKeys, readToken, storeToken, streamHeaders, streamUrl, updateMe } from './play-api';
import { onWorkerControl, registerServiceWorker } from './register-service-worker';
import { cachedGame, cachedMe, cachedTeams, forgetMe, rememberGame, rememberMe, rememberTeams } from './play-cache';
import { OfflineBanner, useOnline } from './offline-banner';
import { KeptAnswers } from './kept-answers';
import { useOutbox } from './outbox';
import { usePositionSender } from './use-position-sender';
import { ChickenNotices, QuestionsTab } from './questions-tab';
import { applyNotice, questionEventOf, questionKeys, type Notice } from './questions-api';

/** The phone's frame: the title, the connection, and the language switcher (a joined player's choice is stored too). */
function PlayFrame({ children, status, onLanguage }: { children: ReactNode; status?: ReactNode; onLanguage?: (language: Language) => void }) {
  const t = useT('play');
  return (
    <main className="mx-auto min-h-dvh max-w-xl space-y-4 px-4 py-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-bold text-brand-700">🐔 {t('frameTitle')}</p>
        <div className="flex items-center gap-3">
          {status}
          <LanguageSwitcher {...(onLanguage ? { onChange: onLanguage } : {})} />
        </div>
      </header>
      {children}
    </main>
  );
}

/** A refusal that means this browser's token no longer counts (removed, another game): join again. */
const tokenRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

/** /play/{code}: the player app (decision 0230). `?chicken=KEY` joins as the Chicken. */
export function PlayPage() {
  const { code = '' } = useParams();
  const t = useT('play');
  const [search] = useSearchParams();
  const chickenKey = search.get('chicken');
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => readToken(code));
  useEffect(() => registerServiceWorker(), []);

  // The last answers are kept (play-cache.ts) and shown until the server answers again: a player who reloads without
  // signal is still in the game, never sent to the join form (issue 29, decision 0432).
  const cached = { initialDataUpdatedAt: 0 };
  const game = useQuery({
    queryKey: playKeys.game(code),
    queryFn: () => fetchGame(code),
    retry: retryUnlessRefused(2),
    initialData: () => cachedGame(code),
    ...cached,
  });
  const me = useQuery({
    queryKey: playKeys.me(code),
    queryFn: () => fetchMe(code, token ?? ''),
    enabled: token !== null,
    retry: false,
    initialData: () => (token === null ? undefined : cachedMe(code)),
    ...cached,
  });
  useEffect(() => {
    if (game.data) rememberGame(code, game.data);
  }, [code, game.data]);
  useEffect(() => {
    if (me.data && token !== null) rememberMe(code, me.data);
  }, [code, token, me.data]);
  const forget = useCallback(() => {
    forgetMe(code);
    storeToken(code, null);
    setToken(null);
    queryClient.removeQueries({ queryKey: playKeys.me(code) });
    queryClient.removeQueries({ queryKey: playKeys.map(code) });
  }, [code, queryClient]);
  useEffect(() => {
    if (me.isError && tokenRefused(me.error)) forget();
  }, [me.isError, me.error, forget]);

  if (game.isPending || (token !== null && me.isPending))
    return (
      <PlayFrame>
        <Spinner label={t('loading')} />
      </PlayFrame>
    );
  if (game.isError && game.error instanceof ApiError && game.error.status === 404) {
    // Asking again cannot find a code that does not exist: the way on is another code, or the start.
    return (
      <PlayFrame>
        <section role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-6">
          <h1 className="text-xl font-bold text-red-800">{errorMessage(game.error, t('gameNotFound'))}</h1>
          <p className="text-slate-800">
            {t('noGameBefore')} <strong className="font-mono">{code.toUpperCase()}</strong>. {t('noGameAfter')}
          </p>
        </section>
        <CodeForm />
        <p className="text-center">
          <a href="/" className="font-medium text-brand-700 underline">
            {t('home')}
          </a>
        </p>
      </PlayFrame>
    );
  }
  if (game.isError && !game.data) {
    return (
      <PlayFrame>
        <ErrorState message={errorMessage(game.error, t('loadFailed'))} onRetry={() => void game.refetch()} retrying={game.isFetching} />
        <CodeForm />
      </PlayFrame>
    );
  }
  if (token !== null && !me.data && me.isError && !tokenRefused(me.error)) {
    // Someone already in the game whose phone cannot reach the server: never the join form (it would refuse their name).
    return (
      <PlayFrame>
        <ErrorState message={t('unreachable')} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </PlayFrame>
    );
  }
  if (!game.data) return null;
  if (token === null || !me.data) {
    if (game.data.game.status === 'ended')
      return (
        <PlayFrame>
          <GameOver teams={[]} />
        </PlayFrame>
      );
    return (
      <PlayFrame>
        <h1 className="text-2xl font-bold">{t('joinTitle', { code: game.data.game.code })}</h1>
        <p className="text-slate-700">{t('joinedCount', { city: game.data.game.city, joined: game.data.players_count, booked: game.data.booked_players })}</p>
        <JoinForm
          code={code}
          teams={game.data.teams}
          chickenKey={chickenKey}
          onJoined={(newToken: string, player: Player) => {
            storeToken(code, newToken);
            queryClient.setQueryData(playKeys.me(code), { player, game: game.data.game, team: null });
            void queryClient.invalidateQueries({ queryKey: playKeys.me(code) });
            setToken(newToken);
          }}
        />
      </PlayFrame>
    );
  }
  return <JoinedGame code={code} token={token} playerId={me.data.player.id} onForget={forget} />;
}

function JoinedGame({ code, token, playerId, onForget }: { code: string; token: string; playerId: number; onForget: () => void }) {
  const t = useT('play');
  const { clock } = useReaderFormat();
  const queryClient = useQueryClient();
  // Staff's content (challenge titles, the briefing) comes in the player's language: read again once it changes (0630).
  const refetchContent = () => {
    void queryClient.invalidateQueries({ queryKey: challengeKeys.list(code) });
    void queryClient.invalidateQueries({ queryKey: briefingKey(code) });
  };
  const live = useLiveGame({
    queryKey: playKeys.map(code),
    fetchSnapshot: (signal) => fetchMap(code, token, signal),
    streamUrl: streamUrl(code),
    headers: () => streamHeaders(token),
    apply: applyMapEvent,
    onFatal: onForget,
    // The hunt's Backpack and finds, a review's verdict (or a teammate's submission) and the challenges the booker adds
    // during the game put into the Challenges tab's list as it stands, with no fetch (a list not loaded yet is fetched
    // fresh when the tab opens).
    onEvent: (event) => {
      onHuntEvent(queryClient, code, event, { t, clock });
      queryClient.setQueryData<PlayChallengesResponse>(challengeKeys.list(code), (list) =>
        list ? applyChallengesEvent(applySubmissionEvent(list, event), event, currentLanguage()) : list,
      );
      // The activity feed, if loaded: an approved answer of any team comes in, a hidden one goes (decision 0450).
      queryClient.setQueryData<FeedItem[]>(feedKeys.list(code), (items) => (items ? applyFeedEvent(items, event, feedMediaUrl(code)) : items));
      // The player's messages (decision 0580): the server sends a phone only its own channels.
      queryClient.setQueryData<ChatMessage[]>(messageKeys.list(code), (list) => (list ? applyChatEvent(list, event) : list));
      // A question about the Chicken (decision 0585): the team's list is asked again; the Chicken keeps the notice.
      if (questionEventOf(event)?.question) void queryClient.invalidateQueries({ queryKey: questionKeys.list(code) });
      queryClient.setQueryData<Notice[]>(questionKeys.notices(code), (list) => applyNotice(list ?? [], event));
    },
  });
  // The scores as last seen live are kept for a reload without signal, and shown while the phone is offline: the
  // map the worker kept is the one fetched when the page last loaded, older than what the stream brought since.
  const online = useOnline();
  const liveTeams = live.connection === 'open' ? live.data?.teams : undefined;
  useEffect(() => {
    if (liveTeams) rememberTeams(code, liveTeams);
  }, [code, liveTeams]);
  const snapshot = useMemo(() => {
    const keptTeams = online ? undefined : cachedTeams(code);
    return live.data && keptTeams ? { ...live.data, teams: keptTeams } : live.data;
  }, [online, code, live.data]);
  const status = snapshot?.game.status;
  const me = snapshot?.players.find((p) => p.id === playerId) ?? null;

  // The lobby's seats come from the public game call: fetch it again whenever the teams change.
  const lobby = useQuery({ queryKey: playKeys.game(code), queryFn: () => fetchGame(code), enabled: status !== 'live' && status !== 'ended' });
  const teamsKey = JSON.stringify(snapshot?.teams ?? []) + String(snapshot?.players.length ?? 0);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: playKeys.game(code) });
  }, [teamsKey, code, queryClient]);

  // Kept for a dead zone (decision 0433): once the service worker controls the page, this game's reads are asked
  // again through it (the first visit's went past it); the challenge list is loaded when the game goes live, so a
  // player who first opens the tab without signal still has it.
  useEffect(
    () => onWorkerControl(() => void queryClient.refetchQueries({ predicate: (q) => q.queryKey[0] === 'play' && q.queryKey[2] === code.toUpperCase() })),
    [code, queryClient],
  );
  const isPlayer = me?.role === 'player';
  useEffect(() => {
    if (status === 'live' && isPlayer) void queryClient.prefetchQuery({ queryKey: challengeKeys.list(code), queryFn: () => fetchChallenges(code, token) });
  }, [status, isPlayer, code, token, queryClient]);

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: playKeys.map(code) }), [code, queryClient]);
  const denied = useCallback(() => {
    void updateMe(code, token, { location: 'denied' }).then(refresh, () => undefined);
  }, [code, token, refresh]);
  const setLocation = useCallback((location: 'granted' | 'denied') => updateMe(code, token, { location }).then(refresh), [code, token, refresh]);
  const note = usePositionSender(code, token, status === 'live' && me?.location === 'granted', denied);
  const stations = useStationMarkers(
    code,
    token,
    status === 'live' && me?.role === 'player' && me.team_id !== null && snapshot !== undefined && weaponsOn(snapshot.game),
  );

  const places = usePlacePins(code, token, status === 'live' && me?.role === 'player' && me.team_id !== null);
  const visible = useMemo(() => {
    if (!snapshot || !me) return [];
    // Players see their own team (the Chicken: only itself); the server sends no one else's position anyway.
    return snapshot.players.filter((p) => p.id === me.id || (me.role === 'player' && p.role === 'player' && p.team_id !== null && p.team_id === me.team_id));
  }, [snapshot, me]);

  // The Messages tab's list is loaded with the live game, so its unread count shows before the tab is opened.
  const messages = useQuery({ queryKey: messageKeys.list(code), queryFn: () => fetchMessages(code, token), enabled: status === 'live' });
  const { unread, markRead } = useUnread(code, messages.data, playerId);

  const connection = <ConnectionStatus state={live.connection} />;
  const outbox = useOutbox(code, token);
  const banner = <OfflineBanner connection={live.connection} waiting={outbox.items.filter((i) => i.state === 'waiting').length} />;
  if (live.isPending)
    return (
      <PlayFrame status={connection}>
        <Spinner label={t('loading')} />
      </PlayFrame>
    );
  if (live.isError || !snapshot || !me) {
    return (
      <PlayFrame status={connection}>
        {banner}
        <ErrorState message={errorMessage(live.error, t('loadFailed'))} onRetry={() => void live.refetch()} retrying={live.isFetching} />
      </PlayFrame>
    );
  }
  return (
    <PlayFrame
      status={connection}
      onLanguage={(language) =>
        void updateMe(code, token, { language }).then(
          () => refetchContent(),
          () => undefined,
        )
      }
    >
      {banner}
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {t('gameLine', { code: snapshot.game.code })} <span data-testid="player-name">{me.name}</span>
        </p>
        <BriefingButton code={code} token={token} />
      </div>
      {status === 'ended' ? (
        <>
          <GameOver teams={snapshot.teams} myTeamId={me.team_id} />
          <KeptAnswers code={code} token={token} />
          <FinishMessage code={code} token={token} />
          <ResultsLink code={code} />
        </>
      ) : status === 'live' ? (
        <>
          {me.role === 'chicken' ? <ChickenNotices code={code} /> : null}
          <LiveTabs
            tabs={[
              {
                id: 'map',
                label: t('tabMap'),
                content: (
                  <LiveView
                    snapshot={snapshot}
                    me={me}
                    visible={visible}
                    note={note}
                    stations={stations}
                    places={places}
                    onLocation={setLocation}
                    hunt={<HuntPanel code={code} token={token} snapshot={snapshot} me={me} />}
                  />
                ),
              },
              ...(me.role === 'player'
                ? [
                    {
                      id: 'challenges',
                      label: t('tabChallenges'),
                      content: <ChallengesTab code={code} token={token} game={snapshot.game} teams={snapshot.teams} myTeamId={me.team_id} />,
                    },
                    { id: 'questions', label: t('tabQuestions'), content: <QuestionsTab code={code} token={token} /> },
                    { id: 'feed', label: t('tabFeed'), content: <FeedTab code={code} token={token} /> },
                  ]
                : []),
              {
                id: 'messages',
                label: unread > 0 ? t('tabMessagesUnread', { count: unread }) : t('tabMessages'),
                content: <MessagesTab code={code} token={token} myId={me.id} chicken={me.role === 'chicken'} onRead={markRead} />,
              },
            ]}
          />
        </>
      ) : (
        <>
          <BriefingCard code={code} token={token} />
          <LobbyView
            code={code}
            token={token}
            me={me}
            teams={lobby.data?.teams ?? []}
            teammates={visible.filter((p) => p.id !== me.id)}
            info={lobby.data}
            onChanged={refresh}
          />
        </>
      )}
    </PlayFrame>
  );
}

/** /play without a code: type the game code you were given. */
export function CodeForm() {
  const navigate = useNavigate();
  const t = useT('play');
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) void navigate(paths.play(value.trim().toUpperCase()));
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('codeFormLabel')}>
      <Field label={t('gameCode')} size="lg">
        <Input size="lg" value={value} autoCapitalize="characters" autoComplete="off" onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={!value.trim()}>
        {t('openGame')}
      </Button>
    </form>
  );
}

export function PlayHomePage() {
  useEffect(() => registerServiceWorker(), []);
  return (
    <PlayFrame>
      <PlayHomeText />
      <CodeForm />
    </PlayFrame>
  );
}

function PlayHomeText() {
  const t = useT('play');
  return (
    <>
      <h1 className="text-2xl font-bold">{t('homeTitle')}</h1>
      <p className="text-slate-700">{t('homeText')}</p>
    </>
  );
}
