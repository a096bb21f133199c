import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseOptions } from '../../src/server/platform/db/client';
import { restore, schemaOf, takeSnapshot, type Snapshot } from './database-reset';
import type { PooledDatabase } from './embedded-database-pool';
import { databaseUrl, dropDatabase, onServer } from './postgres-server';

/**
 * The PostgreSQL server's test databases of one worker (TEST_DATABASE_URL), as embedded-database-pool.ts keeps the
 * embedded ones: copying the run's template for each file costs about half a second of the server's work (on the
 * file's path), putting a used copy back to the template's rows (database-reset.ts) 160-220 ms. A released copy is kept by its name; the next
 * file of the worker gets it back with no session of the last file left on it (each lease has its own connections),
 * emptied and refilled. A copy whose schema a test changed, or that a test closed, is dropped instead. The copies are
 * named after the template, and the run's global set-up drops them with it (test-database-snapshot.ts).
 */

const idle: string[] = [];
let snapshot: Promise<Snapshot> | undefined;
/** Idle copies kept per worker: a file rarely holds more than two at once. */
const MAX_IDLE = 2;

type Options = Pick<DatabaseOptions, 'connectionWaitMs'>;

async function reused(serverUrl: string, name: string, options: Options) {
  // A session the last file left open (a listener its app did not close) ends, as it would with the copy dropped.
  await onServer(serverUrl, (client) =>
    client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
  );
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 12, ...options });
  try {
    if (!snapshot) throw new Error('no snapshot to restore');
    await restore(database, await snapshot);
    return database;
  } catch (error) {
    // A server that refuses the reset (a role that may not set session_replication_role): a new copy instead.
    await database.close();
    await dropDatabase(serverUrl, name);
    throw error;
  }
}

export async function leaseServerDatabase(serverUrl: string, template: string, options: Options): Promise<PooledDatabase> {
  let name = idle.pop();
  let database = name ? await reused(serverUrl, name, options).catch(() => undefined) : undefined;
  if (!name || !database) {
    name = `${template}_${randomBytes(6).toString('hex')}`;
    const created = name;
    await onServer(serverUrl, (client) => client.query(`create database ${created} template ${template}`));
    database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 12, ...options });
    // Every copy starts as the template: the first one, untouched, is what every reset restores.
    snapshot ??= takeSnapshot(database);
    await snapshot;
  }
  const leasedName = name;
  const leased = database;
  let closedByTest = false;
  let released = false;
  return {
    ...leased,
    // A test that closes the database (to see the app answer without one) really closes it.
    close: async () => {
      closedByTest = true;
      await leased.close();
    },
    async release() {
      if (released) return;
      released = true;
      const reusable = !closedByTest && idle.length < MAX_IDLE && (await schemaOf(leased).catch(() => '')) === (await snapshot)?.schema;
      if (!closedByTest) await leased.close();
      if (reusable) idle.push(leasedName);
      else await dropDatabase(serverUrl, leasedName);
    },
  };
}
