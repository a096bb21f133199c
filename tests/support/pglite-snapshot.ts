import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded embedded database, dumped once per run (empty on the PostgreSQL server). */
    pgliteSnapshot: string;
  }
}

/**
 * Vitest global set-up of the unit project: migrating and seeding an embedded database costs seconds, and every API
 * test file needs a fresh one; so it is done once, dumped to a file, and each file starts from that dump
 * (tests/support/test-database.ts). The migrations still run for real, here, on every run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return () => undefined;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  if (!database.dumpDataDir) throw new Error('the embedded database cannot dump its data folder');
  const dump = await database.dumpDataDir();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hatch-pglite-'));
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
