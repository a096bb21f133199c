import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedReferenceData } from './db/seed';
import { bootstrapAdmin } from './lib/bootstrap-admin';
import { buildApp } from './app';
import { startMaintenance } from './lib/maintenance';
import { startGameTicker } from './lib/game-lifecycle';
import { startAreaTicker } from './lib/game-area';
import { startResultsMailer } from './lib/results-mails';
import { foldKeyCountDeltas } from './modules/admin-bookings/booking-counts-repository';

/** Runs the process: configuration, database, migrations, the app, and a graceful close on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database, webRoot: findWebRoot() });
  const admin = await bootstrapAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin.created && admin.password) {
    // Printed once, on the console only: the operator needs it to log in the first time.
    process.stdout.write(`\nAdmin account created:\n  email:    ${admin.email}\n  password: ${admin.password}\nKeep it safe: it is not shown again.\n\n`);
  }
  app.deps.mail.start();
  // Folding the booking count deltas now and then keeps the first staff read after a quiet spell quick.
  const stopMaintenance = startMaintenance(database.db, app.log, [foldKeyCountDeltas]);
  // Every process ends the games whose time is up; the UPDATE lets one of them win each game.
  const stopGameTicker = startGameTicker(database.db, app.log);
  // …and moves their shrinking areas (decision 0281).
  const stopAreaTicker = startAreaTicker(database.db, app.log);
  // Once a game is over its booker gets the results, once, whichever process sees it first.
  const stopResultsMailer = startResultsMailer(database.db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, app.log);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (!config.PUBLIC_URL) app.log.warn({ links: app.deps.publicUrl }, 'PUBLIC_URL is not set: links in mails point at the address this server listens on');
  process.stdout.write(`hatch is running at ${address.replace('127.0.0.1', 'localhost')} (database: ${database.driver})\n`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    stopGameTicker();
    stopAreaTicker();
    stopResultsMailer();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

/** The built SPA sits beside the bundled server (dist/web next to dist/server.js). */
function findWebRoot(): string {
  const besideBundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web');
  return existsSync(besideBundle) ? besideBundle : path.resolve('dist/web');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`hatch failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
