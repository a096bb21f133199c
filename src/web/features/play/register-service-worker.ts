/**
 * Registers the players' service worker (src/web/sw/sw.ts, decision 0433), in production builds only: in development it
 * would serve stale modules. Its scope is the player app; staff pages are never cached.
 *
 * A new version takes over at once (the worker skips waiting): the page asks for one whenever the phone comes back to
 * it, and a page still running the old code whose next chunk is gone reloads itself once (nothing is lost: the player,
 * the kept answers and the last reads survive a reload).
 */
let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;
const RELOADED_KEY = 'hatch.play.reloaded-for-update';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registration) return;
  registration = navigator.serviceWorker.register('/sw.js', { scope: '/play' }).catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration?.then((r) => r?.update()).catch(() => undefined);
  });
  window.addEventListener('vite:preloadError', (event) => {
    // Once a minute at most: a chunk missing for another reason must not reload the page in a loop.
    try {
      const last = Number(window.sessionStorage.getItem(RELOADED_KEY) ?? 0);
      if (Date.now() - last < 60_000) return;
      window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      return; // no storage to remember a reload by: the page's own error shows instead
    }
    event.preventDefault();
    window.location.reload();
  });
}

/**
 * Calls back when a service worker starts controlling this page: on a first visit the page's reads went past it, so
 * they are asked again through it (and kept for a reload without signal).
 */
export function onWorkerControl(callback: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  navigator.serviceWorker.addEventListener('controllerchange', callback);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', callback);
}
