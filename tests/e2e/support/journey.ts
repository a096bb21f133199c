import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Db } from '../../../src/server/db/client';
import { launchBrowser } from './browser';
import { newDataDir, seedDataDir } from './data-dir';
import { startServer, type RunningServer } from './server';

export type Journey<T> = { server: RunningServer; browser: Browser; seed: T; dataDir: string };

/**
 * The one server-and-browser set-up of a browser test file: registers its beforeAll and afterAll and returns an object
 * whose fields are filled before the first test. The server starts from a copy of the run's migrated data folder,
 * after `seed` wrote the file's rows into it (the running server owns the folder); `env` for a file that needs its
 * own configuration (a Stripe stand-in, a terms address).
 *
 *   const j = useServerAndBrowser({ seed: (db) => createBooking(db, {…}) });
 *   it('…', async () => { const { page } = await newPage(j.browser, j.server.url); … j.seed.id … });
 */
export function useServerAndBrowser<T = undefined>(options: { seed?: (db: Db) => Promise<T>; env?: Record<string, string> } = {}): Journey<T> {
  const journey = {} as Journey<T>;
  beforeAll(async () => {
    journey.dataDir = newDataDir();
    // Without a seed the field stays undefined, which is what T defaults to.
    if (options.seed) journey.seed = await seedDataDir(journey.dataDir, options.seed);
    [journey.server, journey.browser] = await Promise.all([startServer({ ...options.env, DATA_DIR: journey.dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    if (journey.dataDir) rmSync(journey.dataDir, { recursive: true, force: true });
  });
  return journey;
}
