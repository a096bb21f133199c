import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/platform/db/client';
import { seedReferenceData } from '../../../src/server/seed/seed';

/** The migrated data folder of this run (tests/e2e/support/data-dir-template.ts), or '' outside the browser tiers. */
function template(): string {
  try {
    return inject('e2eDataTemplate') ?? '';
  } catch {
    return '';
  }
}

/**
 * Fills an empty data folder with a copy of the run's migrated, reference-seeded one, so neither the seeding below nor
 * the server pays an initdb and the migrations again. A folder that holds data already is left alone (a restarted
 * server keeps its data).
 */
export function fillFromTemplate(dir: string): void {
  const from = template();
  if (!from || readdirSync(dir).length > 0) return;
  cpSync(from, dir, { recursive: true });
}

/** A new data folder, already migrated and reference-seeded when the run made a template. */
export function newDataDir(prefix = 'hatch-e2e-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  fillFromTemplate(dir);
  return dir;
}

/**
 * Writes rows into an embedded data folder before a server starts on it (the running server owns the
 * folder, so browser tests seed it first): migrated, reference data seeded, then the test's own rows.
 */
export async function seedDataDir<T>(dir: string, write: (db: Db) => Promise<T>): Promise<T> {
  fillFromTemplate(dir);
  const database = await openDatabase({ dataDir: dir });
  try {
    // Both are no-ops on a copy of the template; they still make a folder without one right.
    await database.migrate();
    await seedReferenceData(database.db);
    return await write(database.db);
  } finally {
    await database.close();
  }
}
