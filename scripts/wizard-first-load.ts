import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { preloadedChunks } from '../src/server/web/page-preloads';
import { LANGUAGES, type Language } from '../src/shared/i18n/languages';

/**
 * The wizard's first load (issue 37): what a browser fetches to show step 0 of `/`, as gzip bytes. The one measure both
 * the build's budget (vite.config.ts fails the build past it) and the bench's bundle section use. Counted: the assets
 * `index.html` names (the entry script, its modulepreloads, its styles) and the chunks the server tells the browser to
 * preload for `/` (the wizard page and its static imports, src/server/web/page-preloads.ts). The bench checks this
 * against what Chromium really fetched and reports any file it fetched that this did not count.
 */
export const WIZARD_FIRST_LOAD_BUDGET_KB = 150;

export type AssetSizes = { js_gzip_kb: number; css_gzip_kb: number; js_raw_kb: number; files: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Gzip (level 6, as the server's precompressed copies) of each file, JS and CSS apart. `files`: '/assets/…' paths. */
export function assetSizes(webRoot: string, files: string[]): AssetSizes {
  let js = 0;
  let css = 0;
  let jsRaw = 0;
  for (const file of files) {
    const raw = readFileSync(path.join(webRoot, file));
    const gz = gzipSync(raw, { level: 6 }).length;
    if (file.endsWith('.js')) {
      js += gz;
      jsRaw += raw.length;
    } else if (file.endsWith('.css')) css += gz;
  }
  return { js_gzip_kb: kb(js), css_gzip_kb: kb(css), js_raw_kb: kb(jsRaw), files: files.length };
}

/** The assets of `index.html` ('/assets/…' paths). */
export function indexHtmlAssets(webRoot: string): string[] {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
}

/** Every file of the wizard's first load ('/assets/…' paths), once each. */
export function wizardFirstLoadFiles(webRoot: string, language: Language = 'en'): string[] {
  const page = preloadedChunks(webRoot, language).get('/');
  if (!page || page.js.length === 0) throw new Error(`no build manifest naming the wizard page in ${webRoot}/.vite/manifest.json`);
  return [...new Set([...indexHtmlAssets(webRoot), ...[...page.css, ...page.js].map((f) => `/${f}`)])];
}

export function wizardFirstLoad(webRoot: string, language: Language = 'en'): AssetSizes & { budget_js_gzip_kb: number; file_list: string[] } {
  const files = wizardFirstLoadFiles(webRoot, language);
  return { ...assetSizes(webRoot, files), budget_js_gzip_kb: WIZARD_FIRST_LOAD_BUDGET_KB, file_list: files };
}

/**
 * The first load in every language (issue 38): the page's code and its catalogues in that language, as the server
 * preloads them for a page served in it. The budget holds for each.
 */
export function wizardFirstLoadPerLanguage(webRoot: string): (ReturnType<typeof wizardFirstLoad> & { language: Language })[] {
  return LANGUAGES.map((language) => ({ language, ...wizardFirstLoad(webRoot, language) }));
}
