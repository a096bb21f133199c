import { escapeHtml } from '../../../shared/html';

/** The wizard page's main column (wizard-page.tsx), which the first frame below sits in too. */
export const WIZARD_MAIN_CLASS = 'mx-auto max-w-5xl px-4 py-6 sm:py-10';

/** The look of a step's heading: StepHeading (help-popover.tsx) and the wizard's first frame below share it. */
export const STEP_HEADING_CLASS = {
  header: 'mb-6',
  title: 'text-2xl font-bold text-slate-900 sm:text-3xl',
  subtitle: 'mt-1 text-slate-600',
} as const;

/**
 * Step 0's heading as static HTML, in the page's language, which the server puts in the wizard's page ahead of its
 * scripts (decision 0645): the largest text of the page paints with the HTML and its styles instead of after the app
 * has loaded and rendered. The app's first render replaces it with the same heading. Written at build time from the
 * wizard's catalogue (vite.config.ts), so its words are the catalogue's.
 */
export function firstFrameHtml(words: { title: string; subtitle: string }): string {
  return (
    `<main class="${WIZARD_MAIN_CLASS}"><header class="${STEP_HEADING_CLASS.header}">` +
    `<h2 class="${STEP_HEADING_CLASS.title}">${escapeHtml(words.title)}</h2>` +
    `<p class="${STEP_HEADING_CLASS.subtitle}">${escapeHtml(words.subtitle)}</p></header></main>`
  );
}
