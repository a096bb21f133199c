import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeViolation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };

/** axe-core in the page (evaluated through DevTools, so the page keeps its CSP): its serious or critical violations. */
export async function seriousA11yViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A toast caught mid-fade has the contrast of its animation frame, not its own: judge every toast fully shown.
  await page.evaluate(() => {
    if (document.getElementById('axe-settled-toasts')) return;
    const style = document.createElement('style');
    style.id = 'axe-settled-toasts';
    style.textContent = '[data-sonner-toast]{opacity:1 !important;transition:none !important;animation:none !important}';
    document.head.append(style);
  });
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } };
    return (await w.axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
