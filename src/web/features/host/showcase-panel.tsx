import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../shared/api/endpoint';
import { hostShowcaseEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import { hostReviewEndpoints } from '../../../shared/api/endpoints/play-challenges';
import type { FeedItem } from '../../../shared/api/showcase';
import { api, errorMessage } from '../../lib/api-client';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useAction } from '../../lib/use-action';
import { ActivityFeed, feedAlt, MediaView } from '../../components/activity-feed';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { LANGUAGE_LIST, LANGUAGE_QUERY, isLanguage, type Language } from '../../../shared/i18n/languages';
import { useId, useState } from 'react';

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
  const t = useT('host');
  const copyToClipboard = useCopyToClipboard();
  const languageId = useId();
  // The big screen's language (issue 38, decision 0620): the link opens the projector in it, which then keeps it.
  const [screenLanguage, setScreenLanguage] = useState<Language | ''>('');
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: showcaseKeys.feed(code), queryFn: () => fetchHostFeed(code) });
  const screen = useQuery({ queryKey: showcaseKeys.screen(code), queryFn: () => api(ep.screen, { params: { code } }) });
  const hide = useAction({
    call: (item: FeedItem) => api(ep.hide, { params: { code, id: item.id }, body: {} }),
    success: t('hiddenFromFeed'),
    failure: t('hideFailed'),
    failureToast: 'server',
    onSuccess: (_result, item) => queryClient.setQueryData<FeedItem[]>(showcaseKeys.feed(code), (items) => items?.filter((i) => i.id !== item.id)),
  });
  const regenerate = useAction({
    call: () => api(ep.regenerateScreen, { params: { code }, body: {} }),
    success: t('screenLinkReplaced'),
    failure: t('screenLinkReplaceFailed'),
    onSuccess: (link) => queryClient.setQueryData(showcaseKeys.screen(code), link),
  });
  return (
    <div className="space-y-4" data-testid="showcase-panel">
      <div className="space-y-2">
        <h3 className="font-semibold">{t('bigScreen')}</h3>
        {screen.data ? (
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={screenUrl(screen.data.url, screenLanguage)}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 break-all text-sm text-brand-700 underline"
              data-testid="screen-link"
            >
              {screenUrl(screen.data.url, screenLanguage)}
            </a>
            <Button onClick={() => void copyToClipboard(screenUrl(screen.data.url, screenLanguage), t('screenLinkCopied'))}>{t('copy')}</Button>
            <Button onClick={() => void regenerate.run()} disabled={regenerate.isPending}>
              {t('replaceLink')}
            </Button>
            <span className="flex items-center gap-2 text-sm">
              <label htmlFor={languageId}>{t('screenLanguage')}</label>
              <select
                id={languageId}
                value={screenLanguage}
                onChange={(event) => setScreenLanguage(isLanguage(event.target.value) ? event.target.value : '')}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                data-testid="screen-language"
              >
                <option value="">{t('screenLanguageKept')}</option>
                {LANGUAGE_LIST.map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </span>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{screen.isError ? t('screenLinkLoadFailed') : t('screenLinkLoading')}</p>
        )}
        <a href={pathOf(ep.mediaZip.path, { code })} download className="inline-block text-sm font-semibold text-brand-700 underline" data-testid="media-zip">
          {t('downloadMedia')}
        </a>
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">{t('activityFeed')}</h3>
        {feed.isPending ? (
          <Spinner />
        ) : feed.isError ? (
          <ErrorState message={errorMessage(feed.error, t('feedLoadFailed'))} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
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

/** The big screen's link, in the language the host picked for the projector (none: the projector's own). */
function screenUrl(url: string, language: Language | ''): string {
  if (!language) return url;
  const link = new URL(url, window.location.origin);
  link.searchParams.set(LANGUAGE_QUERY, language);
  return link.toString();
}
