import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract as extractTar, list as listTar } from 'tar';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { claimDataDir, dataDirClaimFile, DataDirInUse } from '../data-dir-lock';
import { createMediaStorage, isMediaKey, type MediaStorage } from '../storage';
import { BackupError } from './backup-error';
import { MANIFEST_FILE, manifestSchema, type BackupManifest } from './backup-manifest';
import { loadDatabase, type Progress } from './database-dump';
import { fileFacts, filesUnder } from './file-checksums';
import { loadMedia } from './media-copy';

export type RestoreOptions = {
  file: string;
  /** The install to restore into: DATABASE_URL or DATA_DIR, and the media storage, as the server reads them. */
  config: Config;
  /** Replace what the target holds; without it a target with any data is refused. */
  force?: boolean;
  /** Left alone by --force on the embedded database (the scheduled backups, when kept inside DATA_DIR). */
  keep?: readonly string[];
  progress?: Progress;
};

/** Unpacks and checks an archive: the manifest parses and every file is there with its sha256, and nothing else. */
async function unpack(file: string, work: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  // Read through once before writing anything (issue 36): a truncated or damaged archive fails here, with nothing
  // unpacked. Unpacking it straight away failed mid-way with files still being written, which the clean-up's rmdir
  // then met (ENOTEMPTY) and reported instead, leaving the temporary folder behind.
  try {
    await listTar({ file, strict: true });
    await extractTar({ file, cwd: work, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup archive: it is truncated or damaged (${error instanceof Error ? error.message : String(error)}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(work, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new BackupError(`${file} holds no readable ${MANIFEST_FILE}: it is not a hatch backup.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupError(`${file} has a manifest this version cannot read: ${manifest.error.issues[0]?.message ?? 'invalid'}.`);
  const { files, tables, media } = manifest.data;
  const present = (await filesUnder(work)).filter((name) => name !== MANIFEST_FILE);
  const unlisted = present.filter((name) => !(name in files));
  if (unlisted.length > 0)
    throw new BackupError(`The archive holds files its manifest does not list (${unlisted.slice(0, 3).join(', ')}): it is not as it was written.`);
  for (const [name, expected] of Object.entries(files)) {
    if (!present.includes(name)) throw new BackupError(`The archive lacks ${name}, which its manifest lists: it is incomplete.`);
    const actual = await fileFacts(path.join(work, name));
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) throw new BackupError(`Checksum mismatch for ${name}: the archive is damaged.`);
  }
  for (const ref of [...tables.map((t) => t.file), ...media.map((m) => m.file)]) {
    if (!(ref in files)) throw new BackupError(`The manifest names ${ref} without its checksum.`);
  }
  const badKey = media.find((m) => !isMediaKey(m.key));
  if (badKey) throw new BackupError(`The manifest names a media key that is not a photo key: ${JSON.stringify(badKey.key)}.`);
  return manifest.data;
}

async function hasPhotos(photos: MediaStorage): Promise<boolean> {
  for await (const key of photos.list()) if (key) return true;
  return false;
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** What the target holds, in words, or [] when it is empty. */
async function targetContents(config: Config, photos: MediaStorage): Promise<string[]> {
  const found: string[] = [];
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 1 });
    try {
      if (database.raw.driver !== 'postgres') throw new Error('expected a PostgreSQL pool');
      const { rows } = await database.raw.pool.query<{ n: string }>(
        `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
      );
      if (Number(rows[0]?.n) > 0) found.push('the database has tables');
    } finally {
      await database.close();
    }
  } else if (existsSync(path.join(config.DATA_DIR, 'PG_VERSION'))) {
    found.push(`${config.DATA_DIR} holds a database`);
  }
  if (await hasPhotos(photos))
    found.push(photos.kind === 's3' ? `the bucket ${config.S3_BUCKET ?? ''} holds photos` : `${path.join(config.DATA_DIR, 'photos')} holds photos`);
  return found;
}

/** --force: empties the target (the database's schemas, the data folder but for `keep`, the stored photos). */
async function emptyTarget(config: Config, photos: MediaStorage, keep: readonly string[]): Promise<void> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 1 });
    try {
      if (database.raw.driver !== 'postgres') throw new Error('expected a PostgreSQL pool');
      await database.raw.pool.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
    } finally {
      await database.close();
    }
  } else if (existsSync(config.DATA_DIR)) {
    const root = path.resolve(config.DATA_DIR);
    for (const entry of await readdir(root)) {
      const full = path.join(root, entry);
      if (keep.some((k) => isInside(path.resolve(k), full))) continue;
      await rm(full, { recursive: true, force: true });
    }
  }
  const keys: string[] = [];
  for await (const key of photos.list()) keys.push(key);
  for (const key of keys) await photos.delete(key);
}

/**
 * Restores an archive into the install `config` names. The archive is checked whole first; the target must be empty
 * (or `force` empties it); the database is loaded (database-dump.ts loadDatabase), then the media.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config, progress = () => undefined } = options;
  const file = path.resolve(options.file);
  const release = config.DATABASE_URL ? () => undefined : claimTarget(config.DATA_DIR);
  try {
    return await restoreInto(file, options, progress);
  } finally {
    release();
  }
}

/** Holds the embedded target for the whole restore (decision 0521): no server may open it meanwhile. */
function claimTarget(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  try {
    return claimDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new BackupError(
      `A hatch server (pid ${error.holder.pid}, started ${error.holder.startedAt}) has ${dataDir} open: stop it first. (If none runs, delete ${dataDirClaimFile(dataDir)}.)`,
    );
  }
}

async function restoreInto(file: string, options: RestoreOptions, progress: Progress): Promise<BackupManifest> {
  const { config } = options;
  const work = await mkdtemp(path.join(tmpdir(), 'hatch-restore-'));
  const photos = createMediaStorage(config);
  try {
    progress(`Checking ${file}`);
    const manifest = await unpack(file, work);
    progress(
      `  hatch ${manifest.app_version}, made ${manifest.created_at} from the ${manifest.source.driver === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; ${Object.keys(manifest.files).length} files, checksums match`,
    );
    const contents = await targetContents(config, photos);
    if (contents.length > 0 && !options.force) {
      throw new BackupError(
        `The target is not empty (${contents.join('; ')}). Restore into an empty data folder or database, or pass --force to replace what is there.`,
      );
    }
    if (contents.length > 0) {
      progress(`Emptying the target (--force): ${contents.join('; ')}`);
      await emptyTarget(config, photos, [...(options.keep ?? []), file, dataDirClaimFile(config.DATA_DIR)]);
    }
    const target = config.DATABASE_URL ? 'the PostgreSQL database' : `the embedded database in ${config.DATA_DIR}`;
    progress(`Loading ${target}`);
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
    try {
      await loadDatabase(database, work, manifest, progress);
    } finally {
      await database.close();
    }
    progress(
      `Restoring ${manifest.media.length} media ${manifest.media.length === 1 ? 'file' : 'files'} (${photos.kind === 's3' ? 'S3 bucket' : 'local folder'})`,
    );
    await loadMedia(photos, work, manifest.media, progress);
    progress('Restore complete: start hatch on it.');
    return manifest;
  } finally {
    photos.close();
    // Retried: a write the unpacking had under way when it failed (a disk full) may still land while the folder goes.
    await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
