import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { bootstrapAdmin, type BootstrapResult } from './lib/bootstrap-admin';
import { buildApp } from './app';
import { startMaintenance } from './lib/maintenance';
import { startGameTicker } from './lib/game-lifecycle';
import { startAreaTicker } from './lib/game-area';
import { startResultsMailer } from './lib/results-mails';
import { foldKeyCountDeltas } from './modules/admin-bookings/booking-counts-repository';

export type Serving = { app: FastifyInstance; address: string; admin: BootstrapResult; close(): Promise<void> };

/**
 * Everything a running server does on a migrated database: the app, the first admin, the mail queue, the periodic
 * jobs, and listening. server.ts runs it as the process; the browser tests run it inside their worker on a database
 * of their own, so both start the product the same way.
 */
export async function serve(options: { config: Config; database: Database; webRoot: string; logger?: FastifyServerOptions['logger'] }): Promise<Serving> {
  const { config, database } = options;
  const app = await buildApp({ config, database, webRoot: options.webRoot, ...(options.logger === undefined ? {} : { logger: options.logger }) });
  const admin = await bootstrapAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  app.deps.mail.start();
  // Folding the booking count deltas now and then keeps the first staff read after a quiet spell quick.
  const stopMaintenance = startMaintenance(database.db, app.log, [foldKeyCountDeltas]);
  // Every process ends the games whose time is up; the UPDATE lets one of them win each game.
  const stopGameTicker = startGameTicker(database.db, app.log);
  // …and moves their shrinking areas (decision 0281).
  const stopAreaTicker = startAreaTicker(database.db, app.log);
  // Once a game is over its booker gets the results, once, whichever process sees it first.
  const stopResultsMailer = startResultsMailer(database.db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, app.log);
  const close = async () => {
    stopMaintenance();
    stopGameTicker();
    stopAreaTicker();
    stopResultsMailer();
    await app.close();
  };
  let address: string;
  try {
    address = await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // A port already taken: nothing of this attempt may keep running (a caller may try another port).
    await close();
    throw error;
  }
  if (!config.PUBLIC_URL) app.log.warn({ links: app.deps.publicUrl }, 'PUBLIC_URL is not set: links in mails point at the address this server listens on');
  return { app, address, admin, close };
}
