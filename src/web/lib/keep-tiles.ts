import { KEEP_TILES_MESSAGE, type KeepTilesMessage } from './play-offline';

/**
 * Hands map tile URLs to the players' service worker to fetch once and keep (decision 0433). Without one (development,
 * a browser without service workers, a page outside its scope) nothing happens: `ready` never settles there.
 */
export function keepTiles(urls: string[]): void {
  if (urls.length === 0 || !('serviceWorker' in navigator)) return;
  const message: KeepTilesMessage = { type: KEEP_TILES_MESSAGE, urls };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}
