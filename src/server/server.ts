import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { claimDataDir, DataDirInUse } from './platform/data-dir-lock';
import { seedReferenceData } from './seed/seed';
import { serve } from './serve';

/** Runs the process: configuration, database, migrations, the app, and a graceful close on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database may be open in one process only (decision 0521): claimed before it is opened, so a second
  // server on the folder stops here naming the first, and the backup and restore commands refuse it too.
  if (!config.DATABASE_URL && !config.DATA_DIR.startsWith('memory://')) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    process.once('exit', claimDataDir(config.DATA_DIR));
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await seedReferenceData(database.db);
  const { app, address, admin, close: stop } = await serve({ config, database, webRoot: findWebRoot() });
  if (admin.created && admin.password) {
    // Printed once, on the console only: the operator needs it to log in the first time.
    process.stdout.write(`\nAdmin account created:\n  email:    ${admin.email}\n  password: ${admin.password}\nKeep it safe: it is not shown again.\n\n`);
  }
  process.stdout.write(`hatch is running at ${address.replace('127.0.0.1', 'localhost')} (database: ${database.driver})\n`);

  // SIGTERM (a deploy, systemd stop) and Ctrl-C drain the process (decision 0366): /readyz turns 503, no new event
  // stream or job starts, open streams are told to reconnect elsewhere, the listener closes (a proxy sends new
  // requests to another process), what is in flight finishes, then the database closes, within SHUTDOWN_GRACE_MS.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.SHUTDOWN_GRACE_MS;
    app.log.info({ signal, graceMs }, 'draining');
    // Past 80% of the grace, whatever still holds a connection is cut, so the database can close and the exit come in time.
    const cut = setTimeout(
      () => {
        app.log.error({ graceMs }, 'drain not finished in time: closing the connections still open');
        app.server.closeAllConnections();
      },
      Math.floor(graceMs * 0.8),
    );
    const giveUp = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown did not finish within SHUTDOWN_GRACE_MS');
      process.exit(1);
    }, graceMs);
    cut.unref();
    giveUp.unref();
    await app.deps.drain.begin();
    await stop();
    clearTimeout(cut);
    await database.close();
    app.log.info({ signal }, 'drained and stopped');
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

/** The folder is another process's (sysexits' EX_CONFIG): the systemd unit does not restart it in a loop. */
const EXIT_DATA_DIR_IN_USE = 78;

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse) {
    process.stderr.write(`${error.message}\n`);
    process.exit(EXIT_DATA_DIR_IN_USE);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`hatch failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
