import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { WIZARD_FIRST_LOAD_BUDGET_KB, wizardFirstLoadPerLanguage } from './scripts/wizard-first-load';
import { LANGUAGES } from './src/shared/i18n/languages';
import { firstFrameHtml } from './src/web/components/booking-wizard/first-frame';
import { scriptsAtLowPriority } from './src/shared/script-priority';

// Where this build writes (npm run build:web passes --outDir): the worker's precache list is read from its manifest.
let outDir = '';

/**
 * Which built files the players' service worker precaches (decision 0433): the app shell (the entry, its styles and
 * the app-level chunks every page loads) and the play page with every chunk it imports, statically or lazily (the map,
 * Leaflet, the media picker). The staff pages, the wizard and their heavy libraries (charts, the password dictionary)
 * stay out: a phone on a data plan fetches about 1 MB, not 3. Read from Vite's build manifest, so a new chunk of the
 * play page is precached without anyone listing it.
 */

const names = z.array(z.string()).optional();
const buildManifest = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: names, dynamicImports: names, css: names, assets: names }),
);
type ManifestChunk = z.infer<typeof buildManifest>[string];

/** Route modules (pages) start with this; the entry's other lazy imports are the app shell's own. */
const PAGES = 'features/';
const PLAY_PAGE = 'features/play/play-page.tsx';

function playFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, lazyToo: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, true);
    if (lazyToo) for (const lazy of chunk.dynamicImports ?? []) visit(lazy, true);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  // The entry's lazy imports are every page of the site: only the shell's own (toaster, providers) and the play page.
  visit(entry, false);
  for (const lazy of manifest[entry]?.dynamicImports ?? []) if (!lazy.startsWith(PAGES)) visit(lazy, true);
  if (!manifest[PLAY_PAGE]) throw new Error(`the build manifest has no ${PLAY_PAGE}: was the play page moved?`);
  visit(PLAY_PAGE, true);
  return files;
}

/** A workbox manifestTransform: keeps the play app's assets (and every non-asset file the globs took: icons). */
function playPrecacheTransform(outDir: () => string) {
  return async <T extends { url: string }>(entries: T[]) => {
    const manifest = buildManifest.parse(JSON.parse(readFileSync(path.join(outDir(), '.vite', 'manifest.json'), 'utf8')));
    const keep = playFiles(manifest);
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)), warnings: [] };
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    { name: 'hatch:out-dir', configResolved: (config) => void (outDir = config.build.outDir) },
    // The wizard's first-load budget (issue 37): the build fails past it, so no change drifts over it unseen. Measured
    // as the bench measures it (scripts/wizard-first-load.ts), from the files just written.
    {
      name: 'hatch:first-load-budget',
      apply: 'build',
      enforce: 'post',
      closeBundle() {
        // In every language: the page's code and its catalogues in that language (issue 38).
        for (const load of wizardFirstLoadPerLanguage(outDir)) {
          const line = `wizard first load (${load.language}): ${load.js_gzip_kb} KB JS gzip (budget ${WIZARD_FIRST_LOAD_BUDGET_KB} KB) + ${load.css_gzip_kb} KB CSS in ${load.files} files`;
          if (load.js_gzip_kb > WIZARD_FIRST_LOAD_BUDGET_KB) {
            throw new Error(`${line}: over budget. Load what step 0 does not show lazily; the files: ${load.file_list.join(', ')}`);
          }
          this.info(line);
        }
      },
    },
    // The wizard's first frame in every language (decision 0645): step 0's heading as HTML, which the server puts in
    // the page ahead of the scripts (src/server/web/first-frames.ts). Beside the build manifest, out of browsers' reach.
    {
      name: 'hatch:first-frames',
      apply: 'build',
      closeBundle() {
        const words = z.object({ whenWhereTitle: z.string(), whenWhereSubtitle: z.string() });
        const frames = Object.fromEntries(
          LANGUAGES.map((language) => {
            const catalogue = words.parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, `src/web/i18n/${language}/wizard.json`), 'utf8')));
            return [language, firstFrameHtml({ title: catalogue.whenWhereTitle, subtitle: catalogue.whenWhereSubtitle })];
          }),
        );
        writeFileSync(path.join(outDir, '.vite', 'first-frames.json'), JSON.stringify({ '/': frames }));
      },
    },
    // The entry script and Vite's module preloads at low priority, behind the styles the first paint waits for
    // (decision 0665). After Vite has written its tags into the page.
    {
      name: 'hatch:scripts-after-styles',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: scriptsAtLowPriority },
    },
    // The players' service worker (decision 0433): our own source (src/web/sw/sw.ts) with workbox's modules,
    // built to /sw.js with the precache list injected. Registered by the player app only (features/play), scope
    // /play; the web manifest stays public/manifest.webmanifest. Nothing runs in the dev server.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      scope: '/play',
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,png,svg,woff2}', 'icons/*.png', 'manifest.webmanifest'],
        manifestTransforms: [playPrecacheTransform(() => outDir)],
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to tell browsers, in a page's HTML, which lazy chunks that page will need at once.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
