import { useQuery } from '@tanstack/react-query';
import { ActivityFeed, feedAlt, MediaView, useFeedWords } from '../../components/activity-feed';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useAuthedPhoto } from '../../lib/authed-photo';
import type { FeedItem } from '../../../shared/api/showcase';
import type { MediaKind } from '../../../shared/media';
import { playerHeaders } from './challenges-api';
import { feedKeys, fetchFeed } from './feed-api';

/** A feed media behind the player token: fetched, then shown from an object URL (an <img src> cannot send a header). */
function PlayerMedia({ item, token }: { item: FeedItem & { media_url: string; media_kind: MediaKind }; token: string }) {
  const t = useT('play');
  const words = useFeedWords();
  const { src, failed } = useAuthedPhoto(item.media_url, playerHeaders(token));
  if (failed) return <p className="p-2 text-sm text-slate-600">{t('mediaFailed')}</p>;
  if (!src) return <div className="aspect-square w-full animate-pulse bg-slate-100" aria-label={t('loadingShort')} />;
  return <MediaView src={src} type={item.media_kind} alt={feedAlt(item, words)} className="aspect-square w-full object-cover" />;
}

/**
 * The Feed tab (issue 29, decision 0450): every team's approved answers, live. The list is kept current by the game's
 * stream (play-page.tsx applies `feed` events to this query), so opening the tab fetches it once.
 */
export function FeedTab({ code, token }: { code: string; token: string }) {
  const t = useT('play');
  const feed = useQuery({ queryKey: feedKeys.list(code), queryFn: () => fetchFeed(code, token) });
  if (feed.isPending) return <Spinner label={t('loading')} />;
  // A refetch that failed (no signal) keeps what was shown: only a feed never loaded is an error (0433).
  if (feed.data === undefined)
    return <ErrorState message={errorMessage(feed.error, t('feedLoadFailed'))} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />;
  return (
    <section aria-labelledby="feed-title" className="space-y-2">
      <h2 id="feed-title" className="text-lg font-semibold">
        {t('feedTitle')}
      </h2>
      <ActivityFeed items={feed.data} media={(item) => <PlayerMedia item={item} token={token} />} empty={t('feedEmpty')} />
    </section>
  );
}
