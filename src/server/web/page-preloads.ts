import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../../shared/html';
import { SCRIPT_FETCH_PRIORITY } from '../../shared/script-priority';
import { readBuildFile } from './build-file';
import { firstRenderAreas } from '../../shared/i18n/first-render-areas';
import { z } from 'zod';

/**
 * Pages whose code is a lazy chunk but is needed at once when the page is opened directly. Without a hint,
 * the browser only asks for the chunk after the entry script has run: one more round trip before first paint.
 * Keys are page paths; values are the page module as the Vite manifest names it (relative to src/web).
 */
const PAGE_MODULES: Record<string, string> = {
  '/': 'features/wizard/wizard-page.tsx',
};

/**
 * The manifest keys of what a page reads in a language, beside its code: its first render's catalogues
 * (FIRST_RENDER_AREAS) and, for a language other than English, the calendar's date-fns locale (decision 0590). They
 * are lazy chunks: preloaded in the page's language, they arrive with the page's own code instead of one round trip
 * after it. Neither the ICU engine nor the shared messages catalogue is among them: a first paint needs neither
 * (lib/i18n.tsx), both follow just after.
 */
function catalogueKeys(page: string, language: Language): string[] {
  const areas = firstRenderAreas(page);
  if (areas.length === 0) return [];
  return [...areas.map((area) => `i18n/${language}/${area}.json`), ...(language === 'en' ? [] : [`../../node_modules/date-fns/locale/${language}.js`])];
}

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/**
 * For each page of PAGE_MODULES, the files (relative to the web root) of its chunk and the chunks it imports statically,
 * which the page's HTML tells the browser to fetch at once. Also what the wizard's first-load budget counts
 * (scripts/wizard-first-load.ts). Empty without a readable manifest.
 */
export function preloadedChunks(webRoot: string, language: Language = 'en'): Map<string, { js: string[]; css: string[] }> {
  const out = new Map<string, { js: string[]; css: string[] }>();
  const manifest = readManifest(webRoot);
  if (!manifest) return out;
  for (const [page, moduleKey] of Object.entries(PAGE_MODULES)) {
    const chunks = chunksOf(manifest, moduleKey);
    const catalogues = catalogueKeys(page, language).flatMap((key) => chunksOf(manifest, key).js);
    out.set(page, { js: [...new Set([...chunks.js, ...catalogues])], css: chunks.css });
  }
  return out;
}

function readManifest(webRoot: string): Manifest | null {
  return readBuildFile(webRoot, 'manifest.json', manifestSchema);
}

/**
 * For each page of PAGE_MODULES, the `<link>` tags preloading its chunk, the chunks it imports statically and its
 * catalogues in `language`: the scripts at low priority, behind the styles (decision 0665).
 */
export function pagePreloads(webRoot: string, language: Language = 'en'): Map<string, string> {
  const out = new Map<string, string>();
  for (const [page, { js, css }] of preloadedChunks(webRoot, language)) {
    const links = [
      ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(f)}">`),
      ...js.map((f) => `<link rel="modulepreload" ${SCRIPT_FETCH_PRIORITY} crossorigin href="/${escapeHtml(f)}">`),
    ];
    if (links.length) out.set(page, links.join(''));
  }
  return out;
}

/** The chunk of `key` and, recursively, its static imports, leaving out the entry (index.html loads it). */
function chunksOf(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}
