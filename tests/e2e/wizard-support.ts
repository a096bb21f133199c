import { expect } from 'vitest';
import type { Page } from 'playwright-core';

// The one axe helper lives in support/axe.ts; re-exported for the files that import it from here.
export { expectNoSeriousA11yViolations } from './support/axe';

/** A date `monthsAhead` months from now, on the given day, as the calendar labels it and as the API writes it. */
export function futureDay(monthsAhead: number, day: number, now = new Date()) {
  const d = new Date(now.getFullYear(), now.getMonth() + monthsAhead, day);
  const month = d.toLocaleString('en-GB', { month: 'long' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    label: new RegExp(`\\b${day} ${month} ${d.getFullYear()}\\b`),
    api: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(day)}`,
    monthsAhead,
  };
}

export async function pickDay(page: Page, day: ReturnType<typeof futureDay>): Promise<void> {
  for (let i = 0; i < day.monthsAhead; i++) await page.getByRole('button', { name: /next month/i }).click();
  await page.getByRole('button', { name: day.label }).click();
  await expect.poll(() => page.getByRole('button', { name: day.label }).getAttribute('aria-label')).toMatch(/selected/);
}

export async function chooseCity(page: Page, typed: string, suggestion: RegExp, label = 'City'): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(typed);
  const option = page.getByRole('option', { name: suggestion }).first();
  await option.waitFor({ timeout: 10_000 });
  await option.click();
}

export function stepTitle(page: Page, title: string) {
  return page.getByRole('heading', { level: 2, name: title });
}

/** Fills step 0 with a valid game and moves on to the plan picker. */
export async function completeStepZero(page: Page, options: { players?: string; city?: [string, RegExp]; useCityZone?: boolean } = {}): Promise<void> {
  await stepTitle(page, "Let's hatch your game").waitFor();
  await pickDay(page, futureDay(1, 15));
  const [typed, suggestion] = options.city ?? ['Lond', /^London/];
  await chooseCity(page, typed, suggestion);
  // The city's zone is the default unless the booker picked one; then the prompt offers it.
  if (options.useCityZone) {
    const use = page.getByRole('button', { name: /^Use / });
    if (await use.count()) await use.click();
  }
  if (options.players) await page.getByRole('textbox', { name: 'Number of players' }).fill(options.players);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await stepTitle(page, 'Pick your game type').waitFor();
}

/** What the API says about a booking made in the page, read with the page's own session. */
export async function bookingByCode(page: Page, code: string): Promise<Record<string, unknown>> {
  return page.evaluate(async (c) => {
    const res = await fetch(`/api/booking/${encodeURIComponent(c)}`);
    const body: unknown = await res.json();
    if (!res.ok || !body || typeof body !== 'object' || !('booking' in body)) throw new Error(`GET /api/booking/${c} → ${res.status}`);
    return (body as { booking: Record<string, unknown> }).booking;
  }, code);
}
