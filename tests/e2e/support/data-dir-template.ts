import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/platform/db/client';
import { snapshotFile } from '../../support/test-database-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data folder, migrated and reference-seeded once per run; servers start from copies of it. */
    e2eDataTemplate: string;
  }
}

/**
 * Vitest global set-up of the browser and system tiers: a cold embedded database costs an initdb and every migration
 * (seconds, tens of seconds on a loaded machine) and each browser file used to pay it once or twice. It is paid once
 * per run: the folder is the run's migrated, seeded snapshot (test-database-snapshot.ts, where the migrations run for
 * real) loaded into a data folder; `startServer()` and `seedDataDir()` copy it (tests/e2e/support/data-dir.ts). Both
 * projects that need it share the one folder (their set-ups run in the same main process).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = !globalThis.hatchDataTemplate;
  const dir = await (globalThis.hatchDataTemplate ??= makeTemplate());
  project.provide('e2eDataTemplate', dir);
  return async () => {
    if (made) rmSync(dir, { recursive: true, force: true });
  };
}

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-template-'));
  const database = await openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(await snapshotFile())]) });
  await database.close();
  return dir;
}

declare global {
  // Shared by the global set-ups of every project in Vitest's main process (a module may be loaded once per project).
  var hatchDataTemplate: Promise<string> | undefined;
}
