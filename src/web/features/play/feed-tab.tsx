import { useQuery } from '@tanstack/react-query';
import { ActivityFeed, feedAlt, MediaView } from '../../components/activity-feed';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useAuthedPhoto } from '../../lib/authed-photo';
import type { FeedItem } from '../../../shared/api/showcase';
import type { MediaKind } from '../../../shared/media';
import { playerHeaders } from './challenges-api';
import { feedKeys, fetchFeed } from './feed-api';

/** A feed media behind the player token: fetched, then shown from an object URL (an <img src> cannot send a header). */
function PlayerMedia({ item, token }: { item: FeedItem & { media_url: string; media_kind: MediaKind }; token: string }) {
  const { src, failed } = useAuthedPhoto(item.media_url, playerHeaders(token));
  if (failed) return <p className="p-2 text-sm text-slate-600">This could not be loaded.</p>;
  if (!src) return <div className="aspect-square w-full animate-pulse bg-slate-100" aria-label="Loading" />;
  return <MediaView src={src} type={item.media_kind} alt={feedAlt(item)} className="aspect-square w-full object-cover" />;
}

/**
 * The Feed tab (issue 29, decision 0450): every team's approved answers, live. The list is kept current by the game's
 * stream (play-page.tsx applies `feed` events to this query), so opening the tab fetches it once.
 */
export function FeedTab({ code, token }: { code: string; token: string }) {
  const feed = useQuery({ queryKey: feedKeys.list(code), queryFn: () => fetchFeed(code, token) });
  if (feed.isPending) return <Spinner />;
  // A refetch that failed (no signal) keeps what was shown: only a feed never loaded is an error (0433).
  if (feed.data === undefined)
    return (
      <ErrorState
        message={errorMessage(feed.error, 'Failed to load the feed. Please try again.')}
        onRetry={() => void feed.refetch()}
        retrying={feed.isFetching}
      />
    );
  return (
    <section aria-labelledby="feed-title" className="space-y-2">
      <h2 id="feed-title" className="text-lg font-semibold">
        What the teams are up to
      </h2>
      <ActivityFeed
        items={feed.data}
        media={(item) => <PlayerMedia item={item} token={token} />}
        empty="No approved answers yet: they appear here as the host approves them."
      />
    </section>
  );
}
