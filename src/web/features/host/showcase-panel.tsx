import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../shared/api/endpoint';
import { hostShowcaseEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import { hostReviewEndpoints } from '../../../shared/api/endpoints/play-challenges';
import type { FeedItem } from '../../../shared/api/showcase';
import { api, errorMessage } from '../../lib/api-client';
import { copyToClipboard } from '../../lib/clipboard';
import { useAction } from '../../lib/use-action';
import { ActivityFeed, feedAlt, MediaView } from '../../components/activity-feed';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState } from '../../components/ui';

/** The console's feed, big-screen link and media zip (issue 29): the staff session is the credential. */
export const showcaseKeys = {
  feed: (code: string) => ['host', 'feed', code.toUpperCase()] as const,
  screen: (code: string) => ['host', 'screen', code.toUpperCase()] as const,
};
export const fetchHostFeed = async (code: string) => (await api(ep.feed, { params: { code } })).items;
/** Staff fetch a feed media through the review queue's own route (as the server's feed snapshot says for staff). */
export const hostMediaUrl = (code: string) => (id: number) => pathOf(hostReviewEndpoints.photo.path, { code, id });

/**
 * The activity feed as every phone sees it, with Hide on each answer (it leaves every phone and the big screen at
 * once; its points stay), the big screen's link and every media as a zip.
 */
export function ShowcasePanel({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: showcaseKeys.feed(code), queryFn: () => fetchHostFeed(code) });
  const screen = useQuery({ queryKey: showcaseKeys.screen(code), queryFn: () => api(ep.screen, { params: { code } }) });
  const hide = useAction({
    call: (item: FeedItem) => api(ep.hide, { params: { code, id: item.id }, body: {} }),
    success: 'Hidden from the feed and the big screen',
    failure: 'Failed to hide the answer.',
    failureToast: 'server',
    onSuccess: (_result, item) => queryClient.setQueryData<FeedItem[]>(showcaseKeys.feed(code), (items) => items?.filter((i) => i.id !== item.id)),
  });
  const regenerate = useAction({
    call: () => api(ep.regenerateScreen, { params: { code }, body: {} }),
    success: 'New big-screen link made: the old one no longer works',
    failure: 'The link could not be replaced.',
    onSuccess: (link) => queryClient.setQueryData(showcaseKeys.screen(code), link),
  });
  return (
    <div className="space-y-4" data-testid="showcase-panel">
      <div className="space-y-2">
        <h3 className="font-semibold">Big screen</h3>
        {screen.data ? (
          <div className="flex flex-wrap items-center gap-2">
            <a href={screen.data.url} target="_blank" rel="noreferrer" className="min-w-0 break-all text-sm text-brand-700 underline" data-testid="screen-link">
              {screen.data.url}
            </a>
            <Button onClick={() => void copyToClipboard(screen.data.url, 'Big-screen link copied')}>Copy</Button>
            <Button onClick={() => void regenerate.run()} disabled={regenerate.isPending}>
              Replace the link
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{screen.isError ? 'The link could not be loaded.' : 'Loading the link…'}</p>
        )}
        <a href={pathOf(ep.mediaZip.path, { code })} download className="inline-block text-sm font-semibold text-brand-700 underline" data-testid="media-zip">
          Download all photos and videos (zip)
        </a>
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">Activity feed</h3>
        {feed.isPending ? (
          <Spinner />
        ) : feed.isError ? (
          <ErrorState message={errorMessage(feed.error, 'Failed to load the feed.')} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
        ) : (
          <ActivityFeed
            items={feed.data}
            onHide={(item) => void hide.run(item)}
            media={(item) => <MediaView src={item.media_url} type={item.media_kind} alt={feedAlt(item)} className="aspect-square w-full object-cover" />}
          />
        )}
      </div>
    </div>
  );
}
