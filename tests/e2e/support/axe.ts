import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * axe-core in the page (or in the part `scope` selects): its serious or critical violations. The one axe helper of the browser tests (`call` and the
 * rest live beside it in tests/e2e/support/).
 */
export async function seriousA11yViolations(page: Page, scope?: string) {
  // The app's CSP refuses inline scripts (so page.addScriptTag({content}) is blocked); evaluating the source through
  // the DevTools protocol is not subject to it, and the page keeps its real CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A toast caught mid-fade has the contrast of its animation frame, not its own: judge every toast fully shown, so no
  // test has to wait for toasts to come or go before checking.
  await page.evaluate(() => {
    if (document.getElementById('axe-settled-toasts')) return;
    const style = document.createElement('style');
    style.id = 'axe-settled-toasts';
    // A toast stacked behind the front one fades its content out (sonner's `> *` rule): that content too.
    style.textContent = '[data-sonner-toast],[data-sonner-toast] > *{opacity:1 !important;transition:none !important;animation:none !important}';
    document.head.append(style);
  });
  const violations = await page.evaluate(async (scope) => {
    const w = window as unknown as { axe: { run: (context: string | Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    // Only violations are read: axe then skips gathering the details of what passed (its documented speed-up).
    // label-content-name-mismatch (WCAG 2.5.3 Label in Name) is off by default in axe (experimental); on here, so a
    // button whose name does not contain its visible text (speech input users say what they see) fails (issue 36).
    const options = { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } };
    return (await w.axe.run(scope ?? document, options)).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, scope);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails the test on any serious or critical axe violation, naming where. */
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  const serious = await seriousA11yViolations(page);
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
