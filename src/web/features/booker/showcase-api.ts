import { pathOf } from '../../../shared/api/endpoint';
import { bookerShowcaseEndpoints as ep } from '../../../shared/api/endpoints/showcase';
import { MANAGE_KEY_HEADER } from '../../../shared/api/public-booking';
import { api, ApiError } from '../../lib/api-client';
import type { Organiser } from './booker-api';

/** The organiser's big-screen link, recap and media zip (issue 29), by the management key. */
const asOrganiser = (o: Organiser) => ({ params: { code: o.code }, headers: { [MANAGE_KEY_HEADER]: o.manage_key } });

export const showcaseKeys = {
  screen: (code: string) => ['booker', 'screen', code.toUpperCase()] as const,
  recap: (code: string) => ['booker', 'recap', code.toUpperCase()] as const,
};
export const fetchScreenLink = (o: Organiser) => api(ep.screen, asOrganiser(o));
export const regenerateScreenLink = (o: Organiser) => api(ep.regenerateScreen, { ...asOrganiser(o), body: {} });
export const fetchRecapState = (o: Organiser) => api(ep.recapState, asOrganiser(o));
export const publishRecap = (o: Organiser, published: boolean) => api(ep.publishRecap, { ...asOrganiser(o), body: { published } });

/**
 * Downloads every media of the game as one zip. The key goes in a header (never in an address a browser keeps), so the
 * file is fetched and handed to the browser as a download; the server streams it as it is made.
 */
export async function downloadMediaZip(o: Organiser): Promise<void> {
  const res = await fetch(pathOf(ep.mediaZip.path, { code: o.code }), { headers: { [MANAGE_KEY_HEADER]: o.manage_key } });
  if (!res.ok) throw new ApiError(res.status, 'The photos could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `hatch-${o.code}-media.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
