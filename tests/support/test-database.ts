import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = snapshotFile();
    if (snapshot) return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(snapshot)]) });
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedReferenceData(database.db);
    return database;
  }
  const name = `hatch_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 12 });
  await database.migrate();
  await seedReferenceData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The migrated, seeded dump made once per run by tests/support/pglite-snapshot.ts; none outside the unit project. */
function snapshotFile(): string {
  try {
    const file: string | undefined = inject('pgliteSnapshot');
    return file ?? '';
  } catch {
    return '';
  }
}
