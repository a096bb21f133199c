import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { organiserStage } from '../../../shared/lifecycle/organiser-stage';
import { copyToClipboard } from '../../lib/clipboard';
import { useAction } from '../../lib/use-action';
import { Button, Section } from '../../components/ui';
import { downloadMediaZip, fetchRecapState, fetchScreenLink, publishRecap, regenerateScreenLink, showcaseKeys } from './showcase-api';

/**
 * The big screen and the finale (issue 29, decisions 0451-0453): the projector's private link (copy it, or replace it
 * when it went too far), and after the game the recap the organiser may publish (opt-in) or take back, and every
 * photo and video as one zip.
 */
export function ShowcaseSection({ booking }: { booking: BookerBooking }) {
  const queryClient = useQueryClient();
  const game = booking.game;
  const over = organiserStage(game) === 'over';
  const screen = useQuery({ queryKey: showcaseKeys.screen(booking.code), queryFn: () => fetchScreenLink(booking), enabled: game !== null });
  const recap = useQuery({ queryKey: showcaseKeys.recap(booking.code), queryFn: () => fetchRecapState(booking), enabled: game !== null && over });
  const regenerate = useAction({
    call: () => regenerateScreenLink(booking),
    success: 'New big-screen link made: the old one no longer works',
    failure: 'The link could not be replaced. Please try again.',
    onSuccess: (link) => queryClient.setQueryData(showcaseKeys.screen(booking.code), link),
  });
  const publish = useAction({
    call: (published: boolean) => publishRecap(booking, published),
    success: (_result, published) => (published ? 'Recap published: anyone with the link can open it' : 'Recap unpublished: the link no longer opens'),
    failure: 'The recap could not be changed. Please try again.',
    failureToast: 'server',
    invalidates: [showcaseKeys.recap(booking.code)],
  });
  const download = useAction({
    call: () => downloadMediaZip(booking),
    failure: 'The photos could not be downloaded. Please try again.',
  });
  if (!game) return null;
  return (
    <Section look="page" id="showcase" title="Big screen and recap" description="Show the game on a projector; after it, share a recap and keep every photo.">
      <div className="space-y-5">
        <div className="space-y-2">
          <h3 className="font-semibold">Big screen</h3>
          <p className="text-sm text-slate-600">
            Open this link on the computer of a projector: the leaderboard, the photo wall, the time left and the map (never the Chicken).
          </p>
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
                <Button variant="secondary" onClick={() => void copyToClipboard(screen.data.url, 'Big-screen link copied')}>
                  Copy the link
                </Button>
                <Button variant="secondary" onClick={() => void regenerate.run()} disabled={regenerate.isPending}>
                  Replace the link
                </Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">{screen.isError ? 'The link could not be loaded.' : 'Loading the link…'}</p>
          )}
        </div>
        {over ? (
          <div className="space-y-2" data-testid="recap-section">
            <h3 className="font-semibold">Recap</h3>
            <p className="text-sm text-slate-600">
              A page to share: the final ranking, the album and the hunt replayed on the map. Only you decide: until you publish it, the link opens nothing.
            </p>
            {recap.data ? (
              <>
                <p data-testid="recap-status">{recap.data.published ? 'Published: anyone with the link can open it.' : 'Not published.'}</p>
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
                    {recap.data.published ? 'Unpublish the recap' : 'Publish the recap'}
                  </Button>
                  {recap.data.published ? (
                    <Button variant="secondary" onClick={() => void copyToClipboard(recap.data.url, 'Recap link copied')}>
                      Copy the recap link
                    </Button>
                  ) : null}
                </div>
              </>
            ) : null}
            <Button variant="secondary" onClick={() => void download.run()} disabled={download.isPending} data-testid="media-zip">
              {download.isPending ? 'Preparing the download…' : 'Download all photos and videos (zip)'}
            </Button>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
