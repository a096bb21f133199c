import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { restore, schemaOf, takeSnapshot, type Snapshot } from './database-reset';

/**
 * The embedded databases of one test worker. Loading the run's snapshot into a new PGlite costs about 1.2 s of CPU (the
 * WebAssembly Postgres starting on the data folder); putting a used one back to the snapshot's rows costs a few
 * milliseconds. So a file's database, once released, is emptied and refilled with the snapshot's rows when the next
 * file of the worker asks for one (Vitest runs the API and browser files of a worker in one module graph,
 * vitest.config.ts). A database whose schema a test changed (a dropped or renamed table) or closed is never reused.
 */

type Pooled = { database: Database; closedByTest: boolean };
const idle: Pooled[] = [];
let snapshot: Promise<Snapshot> | undefined;
/** Idle databases kept per worker: a file rarely holds more than two at once. */
const MAX_IDLE = 2;

export type PooledDatabase = Database & {
  /** Gives the database back to the worker's pool (instead of closing it): the next file gets it emptied and refilled. */
  release(): Promise<void>;
};

export async function leaseEmbeddedDatabase(snapshotFile: string): Promise<PooledDatabase> {
  let entry = idle.pop();
  if (entry && snapshot) {
    // Only a database leased after the snapshot was taken is ever idle.
    await restore(entry.database, await snapshot);
    // A session lock a test left behind would block the next file's (the game ticker's) locks.
    await entry.database.db.execute(sql`select pg_advisory_unlock_all()`);
  } else {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(snapshotFile)]) });
    entry = { database, closedByTest: false };
    // The first database of the worker is the snapshot itself, untouched: its rows are what every reset restores.
    snapshot ??= takeSnapshot(database);
    await snapshot;
  }
  const leased = entry;
  leased.closedByTest = false;
  let released = false;
  // A handle of its own for each lease: what the app keeps per database handle (the price list's and the translations'
  // caches, prepared statements) starts empty, as on a database of its own, not as the last file left it.
  const db = leased.database.raw.driver === 'pglite' ? drizzlePglite(leased.database.raw.client) : leased.database.db;
  return {
    ...leased.database,
    db,
    withConnection: (work) => work(db),
    // A test that closes the database (to see the app answer without one) really closes it.
    close: async () => {
      leased.closedByTest = true;
      await leased.database.close();
    },
    async release() {
      if (released) return;
      released = true;
      const reusable = !leased.closedByTest && idle.length < MAX_IDLE && (await schemaOf(leased.database).catch(() => '')) === (await snapshot)?.schema;
      if (reusable) idle.push(leased);
      else if (!leased.closedByTest) await leased.database.close();
    },
  };
}
