/**
 * Registers the players' service worker (public/sw.js, decision 0230), in production builds only: in development it
 * would serve stale modules. Its scope is the player app; staff pages are never cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/play' }).catch(() => undefined);
}
