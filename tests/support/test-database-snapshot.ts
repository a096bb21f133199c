import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/client';
import { seedReferenceData } from '../../src/server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded embedded database, dumped once per run (empty on the PostgreSQL server). */
    pgliteSnapshot: string;
    /** On the PostgreSQL server: a migrated, seeded database each test file's database is copied from. */
    pgTemplate: string;
  }
}

/**
 * Vitest global set-up of the unit project: migrating and seeding a database costs seconds, and every API test file
 * needs a fresh one; so it is done once per run and each file starts from the result (tests/support/test-database.ts):
 * on the embedded database a dumped data folder, on a PostgreSQL server a template database. The migrations still
 * run for real, here, on every run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteSnapshot', '');
    const template = await makeTemplate(serverUrl);
    project.provide('pgTemplate', template);
    return () => dropDatabase(serverUrl, template);
  }
  project.provide('pgTemplate', '');
  const made = !globalThis.hatchTestSnapshot;
  const file = await snapshotFile();
  project.provide('pgliteSnapshot', file);
  return async () => {
    if (made) rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

/**
 * The migrated, seeded embedded database of this run, dumped to a tarball: its path. Several projects (api, e2e) and
 * the browser tiers' data folder (data-dir-template.ts) start from it: Vitest runs each project's global set-up in the
 * one main process, so the first makes it and the others share it.
 */
export function snapshotFile(): Promise<string> {
  return (globalThis.hatchTestSnapshot ??= makeSnapshot());
}

async function makeSnapshot(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  if (!database.dumpDataDir) throw new Error('the embedded database cannot dump its data folder');
  const dump = await database.dumpDataDir();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hatch-pglite-'));
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `hatch_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  await seedReferenceData(database.db);
  // A template must have no one connected while it is copied.
  await database.close();
  return name;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}

declare global {
  // Shared by the global set-ups of every project in Vitest's main process (a module may be loaded once per project).
  var hatchTestSnapshot: Promise<string> | undefined;
}
