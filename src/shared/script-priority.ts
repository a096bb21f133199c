/**
 * The pages' scripts are fetched at low priority, their styles at the browser's highest (decision 0665). Module scripts
 * never hold the first paint back, and every page paints before they run (index.html's spinner; the wizard's first
 * frame, src/server/web/first-frames.ts); the styles do hold it. At the default (high) priority the two dozen scripts
 * of the first load shared a slow connection with the styles; at low the browser fetches the styles first and the
 * scripts straight after. The one place the attribute is written: the build's index.html (vite.config.ts) and the
 * server's per-page preloads (src/server/web/page-preloads.ts) both take it from here.
 */
export const SCRIPT_FETCH_PRIORITY = 'fetchpriority="low"';

/** The built index.html with its module scripts and module preloads at SCRIPT_FETCH_PRIORITY (styles untouched). */
export function scriptsAtLowPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g, `<$1 ${SCRIPT_FETCH_PRIORITY}`);
}
