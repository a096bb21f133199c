import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { E2E_ADMIN } from './server';
import { recordToasts } from './toasts';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink and V8 as /usr/bin/chromium, without
 * the desktop browser around them): half the CPU a page costs in the full browser, which the browser tier is bound by
 * on two cores (decision 0325). CHROMIUM_PATH=/usr/bin/chromium runs the tier in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The map tiles' host, unreachable at once for every page (there is no internet here): a rule of the browser's own
 * host resolver, not a Playwright route. A route intercepts every request of its page or context through the DevTools
 * protocol and turns the HTTP cache off, so each `goto` fetched and compiled the whole app again: eight admin pages
 * in one tab cost twice the CPU with a route (decision 0690).
 */
export const NO_MAP_TILES = '--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND, MAP *.tile.openstreetmap.org ~NOTFOUND';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      NO_MAP_TILES,
    ],
  });
}

let shared: Promise<Browser> | null = null;

/**
 * One Chromium per test worker, not one per file (issue 37): the browser tier runs with `isolate: false`, so the files
 * of a worker share this module and its browser. Each file opens its own contexts (own cookies and storage) and closes
 * them when it ends (closeFileContexts), so no file sees another's pages. A browser that crashed or was closed is
 * launched again for the next file; the worker's exit ends it (Playwright kills what it launched).
 */
export function workerBrowser(): Promise<Browser> {
  if (shared === null) {
    const launching = launchBrowser().then((browser) => {
      browser.on('disconnected', () => {
        if (shared === launching) shared = null;
      });
      return browser;
    });
    launching.catch(() => {
      if (shared === launching) shared = null;
    });
    shared = launching;
  }
  return shared;
}

/** Closes every context of the worker's browser: a file's afterAll, as the file's own browser once closed with it. */
export async function closeFileContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (own cookies, its toasts recorded: toasts.ts) whose page fails the test on any uncaught page error. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  timezoneId = 'Europe/London',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', timezoneId });
  await recordToasts(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Logs in through the API with the page's own CSRF token, as the login form does, then loads `path`. */
export async function loginAsAdmin(page: Page, path = '/admin/bookings', credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
  const status = await page.evaluate(async (c) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token },
      body: JSON.stringify(c),
    });
    return res.status;
  }, credentials);
  if (status !== 200) throw new Error(`login failed with ${status}`);
  await page.goto(path);
}
