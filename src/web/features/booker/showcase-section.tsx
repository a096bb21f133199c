import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { organiserStage } from '../../../shared/lifecycle/organiser-stage';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useAction } from '../../lib/use-action';
import { Button } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useT } from '../../lib/i18n';
import { downloadMediaZip, fetchRecapState, fetchScreenLink, publishRecap, regenerateScreenLink, showcaseKeys } from './showcase-api';

/**
 * The big screen and the finale (issue 29, decisions 0451-0453): the projector's private link (copy it, or replace it
 * when it went too far), and after the game the recap the organiser may publish (opt-in) or take back, and every
 * photo and video as one zip.
 */
export function ShowcaseSection({ booking }: { booking: BookerBooking }) {
  const queryClient = useQueryClient();
  const t = useT('booker');
  const copyToClipboard = useCopyToClipboard();
  const game = booking.game;
  const over = organiserStage(game) === 'over';
  const screen = useQuery({ queryKey: showcaseKeys.screen(booking.code), queryFn: () => fetchScreenLink(booking), enabled: game !== null });
  const recap = useQuery({ queryKey: showcaseKeys.recap(booking.code), queryFn: () => fetchRecapState(booking), enabled: game !== null && over });
  const regenerate = useAction({
    call: () => regenerateScreenLink(booking),
    success: t('screenLinkReplaced'),
    failure: t('screenLinkReplaceFailed'),
    onSuccess: (link) => queryClient.setQueryData(showcaseKeys.screen(booking.code), link),
  });
  const publish = useAction({
    call: (published: boolean) => publishRecap(booking, published),
    success: (_result, published) => (published ? t('recapPublishedToast') : t('recapUnpublishedToast')),
    failure: t('recapChangeFailed'),
    failureToast: 'server',
    invalidates: [showcaseKeys.recap(booking.code)],
  });
  const download = useAction({
    call: () => downloadMediaZip(booking),
    failure: t('photosDownloadFailed'),
  });
  if (!game) return null;
  return (
    <PageSection id="showcase" title={t('showcase')} description={t('showcaseHelp')}>
      <div className="space-y-5">
        <div className="space-y-2">
          <h3 className="font-semibold">{t('bigScreen')}</h3>
          <p className="text-sm text-slate-600">{t('bigScreenHelp')}</p>
          {screen.data ? (
            <>
              <a
                href={screen.data.url}
                target="_blank"
                rel="noreferrer"
                className="block break-all font-medium text-brand-700 underline"
                data-testid="screen-link"
              >
                {screen.data.url}
              </a>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void copyToClipboard(screen.data.url, t('screenLinkCopied'))}>
                  {t('copyTheLink')}
                </Button>
                <Button variant="secondary" onClick={() => void regenerate.run()} disabled={regenerate.isPending}>
                  {t('replaceTheLink')}
                </Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">{screen.isError ? t('linkLoadFailed') : t('linkLoading')}</p>
          )}
        </div>
        {over ? (
          <div className="space-y-2" data-testid="recap-section">
            <h3 className="font-semibold">{t('recap')}</h3>
            <p className="text-sm text-slate-600">{t('recapHelp')}</p>
            {recap.data ? (
              <>
                <p data-testid="recap-status">{recap.data.published ? t('recapPublished') : t('recapNotPublished')}</p>
                {recap.data.published ? (
                  <a
                    href={recap.data.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block break-all font-medium text-brand-700 underline"
                    data-testid="recap-link"
                  >
                    {recap.data.url}
                  </a>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant={recap.data.published ? 'secondary' : 'primary'}
                    onClick={() => void publish.run(!recap.data.published)}
                    disabled={publish.isPending}
                    data-testid="recap-toggle"
                  >
                    {recap.data.published ? t('unpublishRecap') : t('publishRecap')}
                  </Button>
                  {recap.data.published ? (
                    <Button variant="secondary" onClick={() => void copyToClipboard(recap.data.url, t('recapLinkCopied'))}>
                      {t('copyRecapLink')}
                    </Button>
                  ) : null}
                </div>
              </>
            ) : null}
            <Button variant="secondary" onClick={() => void download.run()} disabled={download.isPending} data-testid="media-zip">
              {download.isPending ? t('preparingDownload') : t('downloadAll')}
            </Button>
          </div>
        ) : null}
      </div>
    </PageSection>
  );
}
