/**
 * The catalogue areas (src/web/i18n/<lang>/<area>.json) a page reads on its first render, by page path: the server
 * preloads them in the page's HTML (src/server/web/page-preloads.ts) and the app waits for them before its first
 * render (src/web/app/router.tsx, decision 0645), so the page paints without suspending.
 */
export const FIRST_RENDER_AREAS = {
  '/': ['common', 'wizard'],
} as const satisfies Record<string, readonly string[]>;

const byPage: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(FIRST_RENDER_AREAS));

/** The areas of `page`'s first render; none for a page not listed. */
export function firstRenderAreas(page: string): readonly string[] {
  return byPage.get(page) ?? [];
}
