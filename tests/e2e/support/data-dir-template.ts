import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { seedReferenceData } from '../../../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data folder, migrated and reference-seeded once per run; servers start from copies of it. */
    e2eDataTemplate: string;
  }
}

/**
 * Vitest global set-up of the browser and system tiers: a cold embedded database costs an initdb and every migration
 * (seconds, tens of seconds on a loaded machine) and each browser file used to pay it once or twice. It is paid once
 * here; `startServer()` and `seedDataDir()` copy the folder (tests/e2e/support/data-dir.ts). The migrations still run
 * for real on every run, here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  project.provide('e2eDataTemplate', dir);
  return async () => rmSync(dir, { recursive: true, force: true });
}
