import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/client';
import { seedReferenceData } from '../../src/server/seed/seed';
import { databaseUrl, dropDatabase, dropDatabasesNamed, onServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded embedded database, dumped once per run (empty on the PostgreSQL server). */
    pgliteSnapshot: string;
    /** On the PostgreSQL server: a migrated, seeded database each test file's database is copied from. */
    pgTemplate: string;
  }
}

/**
 * Vitest global set-up of the API and browser projects: migrating and seeding a database costs seconds, and every API test file
 * needs a fresh one; so it is done once per run and each file starts from the result (tests/support/test-database.ts):
 * on the embedded database a dumped data folder, on a PostgreSQL server a template database. The migrations run for
 * real, here: on a PostgreSQL server on every run, on the embedded database whenever the tree changed since the
 * snapshot kept (snapshotFile below).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteSnapshot', '');
    const template = await makeTemplate(serverUrl);
    project.provide('pgTemplate', template);
    // The template, and the copies of it the workers kept for their next files (server-database-pool.ts).
    return async () => {
      await dropDatabasesNamed(serverUrl, `${template}_`);
      await dropDatabase(serverUrl, template);
    };
  }
  project.provide('pgTemplate', '');
  project.provide('pgliteSnapshot', await snapshotFile());
  return undefined;
}

/**
 * The migrated, seeded embedded database of this tree, dumped to a tarball: its path. Several projects (api, e2e) and
 * the browser tiers' data folder (data-dir-template.ts) start from it: Vitest runs each project's global set-up in the
 * one main process, so the first makes it and the others share it.
 *
 * It is kept for the next run of the same tree (under node_modules/.cache, as prettier and ESLint keep theirs): making
 * it is an initdb and every migration in WebAssembly, about 6 s on one core, which each `vitest run` paid before its
 * first file could start (CI's PostgreSQL pass after `npm test`, a developer running one file). The name is a hash
 * of everything the snapshot depends on (SNAPSHOT_INPUTS, and Node's version): a change to any of them makes a new one.
 */
export function snapshotFile(): Promise<string> {
  return (globalThis.hatchTestSnapshot ??= keptOrMadeSnapshot());
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SNAPSHOT_CACHE = path.join(ROOT, 'node_modules/.cache/hatch-test-snapshot');
/** What the snapshot is made of: the migrations, the code that runs them and seeds (and what it imports), the packages' versions. */
const SNAPSHOT_INPUTS = ['drizzle', 'src/server', 'src/shared', 'tests/support/test-database-snapshot.ts', 'package-lock.json'];
/** Snapshots of other trees kept beside the current one (about 45 MB each): the last one, for switching back. */
const KEEP_OTHERS = 1;

async function keptOrMadeSnapshot(): Promise<string> {
  const file = path.join(SNAPSHOT_CACHE, `${snapshotKey()}.tar`);
  try {
    if (statSync(file).size > 0) {
      // Marked as used now: the other trees' snapshot kept is the one used last, not the one made last.
      const now = new Date();
      utimesSync(file, now, now);
      return file;
    }
  } catch {
    // Not made for this tree yet.
  }
  const dump = await makeSnapshot();
  mkdirSync(SNAPSHOT_CACHE, { recursive: true });
  // Written aside and renamed: a run started at the same moment never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  forgetOldSnapshots(file);
  return file;
}

function snapshotKey(): string {
  const hash = createHash('sha256');
  hash.update(`${process.version}\0`);
  for (const file of SNAPSHOT_INPUTS.flatMap((entry) => filesUnder(path.join(ROOT, entry)))) {
    hash.update(`${path.relative(ROOT, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 24);
}

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** Keeps the newest of the other trees; a partial file a run left when it was killed goes after an hour. */
function forgetOldSnapshots(current: string): void {
  const files = readdirSync(SNAPSHOT_CACHE).map((name) => path.join(SNAPSHOT_CACHE, name));
  const others = files.filter((file) => file !== current && file.endsWith('.tar')).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const abandoned = files.filter((file) => file.endsWith('.partial') && Date.now() - statSync(file).mtimeMs > 3_600_000);
  for (const file of [...others.slice(KEEP_OTHERS), ...abandoned]) rmSync(file, { force: true });
}

async function makeSnapshot(): Promise<Buffer> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  if (!database.dumpDataDir) throw new Error('the embedded database cannot dump its data folder');
  const dump = await database.dumpDataDir();
  await database.close();
  return Buffer.from(await dump.arrayBuffer());
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `hatch_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 2 });
  await database.migrate();
  await seedReferenceData(database.db);
  // A template must have no one connected while it is copied.
  await database.close();
  return name;
}

declare global {
  // Shared by the global set-ups of every project in Vitest's main process (a module may be loaded once per project).
  var hatchTestSnapshot: Promise<string> | undefined;
}
