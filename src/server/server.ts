import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { claimDataDir } from './platform/data-dir-lock';
import { seedReferenceData } from './seed/seed';
import { serve } from './serve';

/** Runs the process: configuration, database, migrations, the app, and a graceful close on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // The backup and restore commands refuse an embedded folder a running server holds (only one process may open it).
  if (database.driver === 'pglite') process.once('exit', claimDataDir(config.DATA_DIR));
  await database.migrate();
  await seedReferenceData(database.db);
  const { app, address, admin, close: stop } = await serve({ config, database, webRoot: findWebRoot() });
  if (admin.created && admin.password) {
    // Printed once, on the console only: the operator needs it to log in the first time.
    process.stdout.write(`\nAdmin account created:\n  email:    ${admin.email}\n  password: ${admin.password}\nKeep it safe: it is not shown again.\n\n`);
  }
  process.stdout.write(`hatch is running at ${address.replace('127.0.0.1', 'localhost')} (database: ${database.driver})\n`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stop();
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
