import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { recapEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import type { RecapResponse } from '../../../shared/api/showcase';
import { api, ApiError, errorMessage } from '../../lib/api-client';
import { answerText, feedAlt, MediaView, useFeedWords } from '../../components/activity-feed';
import { LanguageSwitcher } from '../../components/language-switcher';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import { Spinner } from '../../components/spinner';
import { FinalStandings } from '../../components/team-leaderboard';
import { Button, ErrorState } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { playersAt, replaySpan } from './replay';

/**
 * /recap/{token}: the finale the organiser chose to share (issue 29, decision 0452). Anyone with the link sees the
 * final ranking, the album (photos and videos full size, the text answers) and the hunt replayed on the map: every
 * team's track and the Chicken's over the game's time, with a slider and a play button. Unpublished, it is a 404.
 */

/** The page's frame, with the language switcher of every public page: a guest reads the recap in their own. */
function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto min-h-dvh max-w-4xl space-y-6 px-4 py-6">
      <div className="flex justify-end">
        <LanguageSwitcher />
      </div>
      {children}
    </main>
  );
}

/**
 * The questions about the Chicken on the replay (decision 0585): a mark on the slider at each, and the list of who
 * asked what and what it answered; those asked by the slider's time stand out, a press jumps there.
 */
function QuestionMarks({ recap, at, onJump }: { recap: RecapResponse; at: number; onJump: (at: number) => void }) {
  const t = useT('account');
  const message = useMessageText();
  const { timestamp } = useReaderFormat();
  if (!recap.questions.length) return null;
  return (
    <div className="space-y-1">
      <datalist id="replay-question-marks">
        {recap.questions.map((q, i) => (
          <option key={i} value={Date.parse(q.at)} label={`${q.team_name}: ${message(q.summary)}`} />
        ))}
      </datalist>
      <h3 className="font-semibold">{t('recap.questionsTitle')}</h3>
      <ol className="space-y-1" data-testid="replay-questions">
        {recap.questions.map((q, i) => {
          const asked = Date.parse(q.at) <= at;
          // The server's English question and answer, in the reader's language (messages catalogue).
          const summary = message(q.summary);
          return (
            <li key={i}>
              <Button
                variant="unstyled"
                onClick={() => onJump(Date.parse(q.at))}
                className={asked ? 'text-left font-medium text-slate-900' : 'text-left text-slate-400'}
                aria-label={`${timestamp(q.at)} ${q.team_name}: ${summary}`}
              >
                <span className="font-mono text-sm">{timestamp(q.at)}</span> {q.team_name}: {summary}
              </Button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** One replay second per PLAY_STEP_MS of wall time covers the game in about PLAY_SECONDS seconds. */
const PLAY_SECONDS = 30;
const PLAY_STEP_MS = 100;

function Replay({ recap }: { recap: RecapResponse }) {
  const t = useT('account');
  const { timestamp } = useReaderFormat();
  const span = useMemo(() => replaySpan(recap.game, recap.tracks), [recap]);
  const [at, setAt] = useState(span.to);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return undefined;
    const step = Math.max(1_000, (span.to - span.from) / ((PLAY_SECONDS * 1_000) / PLAY_STEP_MS));
    const timer = setInterval(() => {
      setAt((current) => {
        const next = Math.min(span.to, current + step);
        if (next >= span.to) setPlaying(false);
        return next;
      });
    }, PLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, span]);
  const players = useMemo(() => playersAt(recap.tracks, at), [recap.tracks, at]);
  const play = () => {
    if (at >= span.to) setAt(span.from);
    setPlaying(true);
  };
  return (
    <section aria-labelledby="replay-title" className="space-y-2">
      <h2 id="replay-title" className="text-xl font-semibold">
        {t('recap.replayTitle')}
      </h2>
      <LazyLiveMap area={recap.game.area} teams={recap.teams} players={players} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={playing ? () => setPlaying(false) : play} data-testid="replay-play">
          {playing ? t('recap.pause') : t('recap.play')}
        </Button>
        <input
          type="range"
          min={span.from}
          max={span.to}
          step={1_000}
          value={at}
          onChange={(e) => {
            setPlaying(false);
            setAt(Number(e.target.value));
          }}
          aria-label={t('recap.timeInGame')}
          list={recap.questions.length ? 'replay-question-marks' : undefined}
          aria-valuetext={timestamp(at)}
          className="min-w-0 flex-1"
          data-testid="replay-slider"
        />
        <span className="font-mono text-sm" data-testid="replay-time">
          {timestamp(at)}
        </span>
      </div>
      <QuestionMarks
        recap={recap}
        at={at}
        onJump={(t) => {
          setPlaying(false);
          setAt(t);
        }}
      />
    </section>
  );
}

function RecapView({ recap }: { recap: RecapResponse }) {
  const t = useT('account');
  const { timestamp } = useReaderFormat();
  const words = useFeedWords();
  return (
    <>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('recap.title', { city: recap.game.city })}</h1>
        <p className="text-slate-700">
          {recap.game.ended_at
            ? t('recap.gameEnded', { code: recap.game.code, ended: timestamp(recap.game.ended_at) })
            : t('recap.game', { code: recap.game.code })}
        </p>
      </header>
      <FinalStandings teams={recap.teams} title={t('recap.finalRanking')} testId="recap-ranking" />
      <Replay recap={recap} />
      <section aria-labelledby="recap-album-title">
        <h2 id="recap-album-title" className="mb-2 text-xl font-semibold">
          {t('recap.album')}
        </h2>
        {/* Retention (issue 41): the photos and videos go on this day, as the privacy settings say. */}
        {recap.game.media_kept_until ? (
          <p className="mb-2 text-sm text-slate-600" data-testid="recap-media-until">
            {t('recap.mediaKeptUntil', { until: timestamp(recap.game.media_kept_until) })}
          </p>
        ) : null}
        {recap.album.length ? (
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="recap-album">
            {recap.album.map((item) => {
              const text = answerText(item, words);
              return (
                <li key={item.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="recap-item">
                  {item.media_url && item.media_kind === 'photo' ? (
                    // The album's photo opens full size on its own (to zoom or keep it); a video has its own controls.
                    <a href={item.media_url} target="_blank" rel="noreferrer" title={t('recap.openPhoto')} data-testid="recap-photo-link">
                      <MediaView src={item.media_url} type="photo" alt={feedAlt(item, words)} className="w-full" />
                    </a>
                  ) : item.media_url && item.media_kind ? (
                    <MediaView src={item.media_url} type={item.media_kind} alt={feedAlt(item, words)} className="w-full" />
                  ) : null}
                  {!item.media_url && text ? <p className="p-3 text-lg">{t('recap.quote', { text })}</p> : null}
                  <p className="px-3 py-2 text-sm">
                    <span className="font-semibold">{item.team_name}</span>
                    {item.challenge_name ? ` · ${item.challenge_name}` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-600">{t('recap.noAnswers')}</p>
        )}
      </section>
    </>
  );
}

export function RecapPage() {
  const t = useT('account');
  const { token = '' } = useParams();
  const query = useQuery({ queryKey: ['recap', token], queryFn: ({ signal }) => api(ep.recap, { params: { token }, signal }), retry: false });
  if (query.isPending)
    return (
      <Frame>
        <Spinner />
      </Frame>
    );
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Frame>
        <ErrorState
          message={gone ? t('recap.notPublished') : errorMessage(query.error, t('recap.loadFailed'))}
          {...(gone ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <RecapView recap={query.data} />
    </Frame>
  );
}
