import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { PLAYER_TOKEN_HEADER } from '../../shared/api/player-token';
import { isKeepTilesMessage, isOfflineRead, TILES_AHEAD_BUDGET } from '../lib/play-offline';

/**
 * The players' service worker, scope /play (decision 0433; built by vite-plugin-pwa's injectManifest into /sw.js).
 * - The player app's code (the shell's scripts and styles, the play page's chunks, the map's) is precached, so a reload
 *   without signal runs the same app; the page itself is network-first (it carries the visitor's CSRF token and the
 *   server's settings) with its last copy as the fallback, one copy for every /play page.
 * - The player's reads of the live game (lib/play-offline.ts) are network-first, the last good answer used offline or
 *   while the server is down. Writes and the event stream are never touched: no route matches them.
 * - Map tiles (the only cross-origin images the CSP lets a page show) are cache-first in a bounded cache, and a page
 *   may ask for the game area's tiles to be fetched once ahead (KEEP_TILES_MESSAGE).
 * - A new version takes over at once (skipWaiting, clientsClaim): a phone is never left on an old shell.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The hand-written worker of decision 0230 kept its shell here; nothing reads it any more.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete('hatch-play-v1')));

const SHELL_KEY = '/play';

/**
 * A 5xx (a server restarting, a proxy without its upstream) counts as no answer, so the last good copy is used; with
 * no copy the server's own answer is given back as it was.
 */
const serverErrorIsNoAnswer: WorkboxPlugin = {
  fetchDidSucceed: async ({ response, state }) => {
    if (response.status < 500) return response;
    if (state) state.serverError = response;
    throw new Error(`server answered ${response.status}`);
  },
  handlerDidError: async ({ state }) => (state?.serverError instanceof Response ? state.serverError : undefined),
};

// Every page of the player app is the same HTML: one copy, refreshed by each page load that reaches the server.
const shell = new NetworkFirst({
  cacheName: 'hatch-play-shell',
  networkTimeoutSeconds: 6,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), { cacheKeyWillBeUsed: async () => SHELL_KEY }, serverErrorIsNoAnswer],
});
registerRoute(new NavigationRoute(shell));

// Installed from a page the worker did not control yet: the shell is kept now, so the very next reload works offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(SHELL_KEY, { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.ok) await (await caches.open('hatch-play-shell')).put(SHELL_KEY, response);
      })
      .catch(() => undefined),
  );
});

/**
 * A read is kept per player: its cache key carries a digest of the player token, so a player who joins again (or a
 * second player on the same phone) is never shown another player's answers.
 */
const perPlayer: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const token = request.headers.get(PLAYER_TOKEN_HEADER);
    if (!token) return request.url;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
    const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
    const url = new URL(request.url);
    url.searchParams.set('player', hex);
    return url.href;
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isOfflineRead(request.method, url.pathname),
  new NetworkFirst({
    cacheName: 'hatch-play-reads',
    // A weak signal: after a few seconds the last answer is shown, and the network's, when it comes, is kept for later.
    networkTimeoutSeconds: 8,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 2 * 24 * 60 * 60 }),
      perPlayer,
      serverErrorIsNoAnswer,
    ],
  }),
  'GET',
);

/**
 * Tiles are fetched in CORS mode: an opaque answer cannot be told from an error, and browsers count each one as
 * megabytes of quota. A tile server that does not allow CORS still shows its tiles, only not offline.
 */
const asCors: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => new Request(request.url, { mode: 'cors', credentials: 'omit' }),
};
const tiles = new CacheFirst({
  cacheName: 'hatch-map-tiles',
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    asCors,
    { handlerDidError: async ({ request }) => fetch(request).catch(() => undefined) },
  ],
});
registerRoute(({ request, sameOrigin }) => !sameOrigin && request.destination === 'image', tiles, 'GET');

// A page asks for its game area's tiles ahead (lib/keep-tiles.ts): each is fetched once, four at a time, in the
// background; what is already cached is not fetched again.
self.addEventListener('message', (event) => {
  if (!isKeepTilesMessage(event.data)) return;
  const queue = event.data.urls.filter((u) => URL.canParse(u) && new URL(u).origin !== self.location.origin).slice(0, TILES_AHEAD_BUDGET);
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      await tiles.handle({ event, request: new Request(url, { mode: 'cors', credentials: 'omit' }) }).catch(() => undefined);
    }
  };
  event.waitUntil(Promise.all([worker(), worker(), worker(), worker()]));
});
