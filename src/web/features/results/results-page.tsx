import { useLocale, useT } from '../../lib/i18n';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { Language } from '../../../shared/i18n/languages';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { bookerResultsEndpoints, playChallengesEndpoints } from '../../../shared/api/endpoints/play-challenges';
import { publicBookingEndpoints } from '../../../shared/api/endpoints/public-booking';
import { PLAYER_TOKEN_HEADER } from '../../../shared/api/play';
import { MANAGE_KEY_HEADER } from '../../../shared/api/public-booking';
import type { AlbumPhoto, ResultsResponse } from '../../../shared/api/play-challenges';
import { formatTimestamp } from '../../../shared/time';
import { api, ApiError, errorMessage } from '../../lib/api-client';
import { AuthedMedia } from '../../lib/authed-photo';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/ui';
import { FinalStandings } from '../../components/team-leaderboard';

/**
 * After the game (issue 14, decision 0273): the final leaderboard and the album of approved photos, for players
 * (their token, kept by the player app) and for the organiser (the private management key). The game code alone
 * opens neither: it is the players' join code.
 */

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto min-h-dvh max-w-3xl space-y-6 px-4 py-6">
      <div className="flex justify-end">
        <LanguageSwitcher />
      </div>
      {children}
    </main>
  );
}

/** When the game ended, for the reader: the staff form in English (dd/MM/yyyy HH:mm:ss), else the locale's own. */
function endedText(iso: string, language: Language, locale: string): string {
  return language === 'en' ? formatTimestamp(iso) : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const notOverYet = (e: unknown) => e instanceof ApiError && e.status === 409;

function ResultsView({ results, photos, headers }: { results: ResultsResponse; photos: AlbumPhoto[]; headers: Record<string, string> }) {
  const t = useT('results');
  const { language, locale } = useLocale();
  return (
    <>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="text-slate-700">
          {results.game.ended_at
            ? t('gameEnded', { code: results.game.code, city: results.game.city, ended: endedText(results.game.ended_at, language, locale) })
            : t('game', { code: results.game.code, city: results.game.city })}
        </p>
      </header>
      <FinalStandings teams={results.teams} title={t('finalLeaderboard')} testId="final-leaderboard" />
      <section aria-labelledby="album-title">
        <h2 id="album-title" className="mb-2 text-xl font-semibold">
          {t('album')}
        </h2>
        {photos.length ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="album">
            {photos.map((p) => (
              <li key={p.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="album-photo">
                <AuthedMedia
                  url={p.media_url}
                  kind={p.kind}
                  headers={headers}
                  alt={t('photoAlt', { team: p.team_name, challenge: p.challenge_name ?? t('aChallenge') })}
                  className="aspect-square w-full object-cover"
                />
                <p className="px-2 py-1 text-sm">
                  <span className="font-medium">{p.team_name}</span>
                  {p.challenge_name ? ` · ${p.challenge_name}` : ''}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('noPhotos')}</p>
        )}
      </section>
    </>
  );
}

function Loaded({
  load,
  headers,
  back,
}: {
  load: () => Promise<[ResultsResponse, { photos: AlbumPhoto[] }]>;
  headers: Record<string, string> | null;
  back: React.ReactNode;
}) {
  const t = useT('results');
  const query = useQuery({ queryKey: ['results', headers], queryFn: load, enabled: headers !== null, retry: false });
  if (headers === null) {
    return (
      <Frame>
        <ErrorState message={t('noToken')} />
        {back}
      </Frame>
    );
  }
  if (query.isPending)
    return (
      <Frame>
        <Spinner />
      </Frame>
    );
  if (query.isError) {
    return (
      <Frame>
        <ErrorState
          message={notOverYet(query.error) ? errorMessage(query.error, t('notOver')) : errorMessage(query.error, t('loadFailed'))}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        {back}
      </Frame>
    );
  }
  const [results, album] = query.data;
  return (
    <Frame>
      <ResultsView results={results} photos={album.photos} headers={headers} />
      {back}
    </Frame>
  );
}

function readPlayerToken(code: string): string | null {
  try {
    // The player app keeps the token under this key (features/play/play-api.ts).
    return window.localStorage.getItem(`hatch.play.${code.toUpperCase()}`);
  } catch {
    return null;
  }
}

/** /play/{code}/results */
export function PlayResultsPage() {
  const { code = '' } = useParams();
  const t = useT('results');
  const token = readPlayerToken(code);
  const headers = token ? { [PLAYER_TOKEN_HEADER]: token } : null;
  const ep = playChallengesEndpoints;
  return (
    <Loaded
      headers={headers}
      load={() => Promise.all([api(ep.results, { params: { code }, headers: headers ?? {} }), api(ep.album, { params: { code }, headers: headers ?? {} })])}
      back={
        <p>
          <Link to={paths.play(code)} className="text-brand-700 underline">
            {t('backToGame')}
          </Link>
        </p>
      }
    />
  );
}

/** /manage/{key}/results */
export function ManageResultsPage() {
  const { key = '' } = useParams();
  const t = useT('results');
  const headers = { [MANAGE_KEY_HEADER]: key };
  const ep = bookerResultsEndpoints;
  const load = async (): Promise<[ResultsResponse, { photos: AlbumPhoto[] }]> => {
    const { booking } = await api(publicBookingEndpoints.byManageKey, { params: { key } });
    return Promise.all([api(ep.results, { params: { code: booking.code }, headers }), api(ep.album, { params: { code: booking.code }, headers })]);
  };
  return (
    <Loaded
      headers={headers}
      load={load}
      back={
        <p>
          <Link to={paths.manage(key)} className="text-brand-700 underline">
            {t('backToYourGame')}
          </Link>
        </p>
      }
    />
  );
}
