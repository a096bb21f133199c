import { z } from 'zod';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import { readBuildFile } from './build-file';

const framesSchema = z.record(z.string(), z.record(z.string(), z.string()));

/**
 * The static first frame of a page, by page path and language (decision 0645): the wizard's step 0 heading, written
 * at build time (vite.config.ts, `.vite/first-frames.json`) from the wizard's catalogue. The page's HTML shows it
 * inside the app's root until the app's first render replaces it, so the page's largest text paints with the HTML.
 * Empty without a readable file: the page then shows the spinner alone, as before.
 */
export function firstFrames(webRoot: string): Map<string, Map<Language, string>> {
  const out = new Map<string, Map<Language, string>>();
  const data = readBuildFile(webRoot, 'first-frames.json', framesSchema);
  if (!data) return out;
  for (const [page, byLanguage] of Object.entries(data)) {
    const frames = new Map<Language, string>();
    for (const language of LANGUAGES) {
      const frame = byLanguage[language];
      if (frame !== undefined) frames.set(language, frame);
    }
    out.set(page, frames);
  }
  return out;
}

/** The page's HTML with `frame` at the top of the app's root (before the spinner index.html holds there). */
export function withFirstFrame(html: string, frame: string | undefined): string {
  return frame ? html.replace('<div id="root">', `<div id="root">${frame}`) : html;
}
