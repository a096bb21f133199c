import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import { seedReferenceData } from '../../src/server/seed/seed';
import { leaseEmbeddedDatabase, type PooledDatabase } from './embedded-database-pool';
import { leaseServerDatabase } from './server-database-pool';
import { databaseUrl, dropDatabase, onServer } from './postgres-server';

export type TestDatabase = PooledDatabase;

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default (from the worker's pool, reset
 * to the run's snapshot: embedded-database-pool.ts), or on the PostgreSQL server of TEST_DATABASE_URL a copy of the
 * run's template (from the worker's pool likewise: server-database-pool.ts). `release()` when the file is done with it; `close()` only to take it away from the app.
 */
export async function openTestDatabase(options: { connectionWaitMs?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = provided('pgliteSnapshot');
    if (snapshot) return leaseEmbeddedDatabase(snapshot);
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedReferenceData(database.db);
    return { ...database, release: () => database.close() };
  }
  const template = provided('pgTemplate');
  if (template) return leaseServerDatabase(serverUrl, template, options);
  // No template (a file run without the project's global set-up): a database of its own, migrated here.
  const name = `hatch_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 12, ...options });
  await database.migrate();
  await seedReferenceData(database.db);
  const close = async () => {
    await database.close();
    await dropDatabase(serverUrl, name);
  };
  return { ...database, close, release: close };
}

/** What tests/support/test-database-snapshot.ts made once per run; nothing outside the unit project. */
function provided(key: 'pgliteSnapshot' | 'pgTemplate'): string {
  try {
    const value: string | undefined = inject(key);
    return value ?? '';
  } catch {
    return '';
  }
}
