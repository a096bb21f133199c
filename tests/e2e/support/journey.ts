import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from '../../../src/server/platform/db/client';
import { DESKTOP, closeFileContexts, newPage, workerBrowser } from './browser';
import { signIn, startAppServer, type AppServer } from './app-server';
import { E2E_ADMIN } from './server';

export type Journey<T> = {
  server: AppServer;
  browser: Browser;
  seed: T;
  /** A page signed in as that staff member (the admin by default), opened at `path`. */
  staffPage(
    path: string,
    options?: { viewport?: { width: number; height: number }; email?: string },
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
};

/**
 * The one server-and-browser set-up of a browser test file (the browser is the worker's, support/browser.ts
 * workerBrowser): registers its beforeAll and afterAll and returns an object
 * whose fields are filled before the first test. The server runs in this worker on a fresh copy of the run's migrated
 * database (support/app-server.ts), after `seed` wrote the file's rows into it; `j.server.db` is that same database
 * while the tests run. `env` for a file that needs its own configuration (a Stripe stand-in, a terms address).
 *
 *   const j = useServerAndBrowser({ seed: (db) => createBooking(db, {…}) });
 *   it('…', async () => { const { page } = await j.staffPage(`/admin/bookings/${j.seed.id}`); … });
 */
export function useServerAndBrowser<T = undefined>(options: { seed?: (db: Db) => Promise<T>; env?: Record<string, string> } = {}): Journey<T> {
  const journey = {
    async staffPage(path, { viewport = DESKTOP, email = E2E_ADMIN.email } = {}) {
      const opened = await newPage(journey.browser, journey.server.url, viewport);
      await signIn(opened.context, journey.server, email);
      await opened.page.goto(path);
      return opened;
    },
  } as Journey<T>;
  beforeAll(async () => {
    let seeded: T | undefined;
    [journey.server, journey.browser] = await Promise.all([
      startAppServer({
        ...(options.env ? { env: options.env } : {}),
        seed: async (db) => {
          // Without a seed the field stays undefined, which is what T defaults to.
          if (options.seed) seeded = await options.seed(db);
        },
      }),
      workerBrowser(),
    ]);
    journey.seed = seeded as T;
  });
  afterAll(async () => {
    // The worker's browser stays for its next file; this file's pages go.
    await closeFileContexts(journey.browser);
    await journey.server?.stop();
  });
  return journey;
}
