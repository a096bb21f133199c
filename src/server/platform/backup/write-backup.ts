import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { Database } from '../db/client';
import type { MediaStorage } from '../storage';
import { appVersion } from './app-version';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, type BackupManifest } from './backup-manifest';
import { dumpDatabase, type Progress } from './database-dump';
import { fileFacts, filesUnder } from './file-checksums';
import { dumpMedia } from './media-copy';

export type BackupSources = { database: Database; media: MediaStorage };
export type WrittenBackup = { file: string; bytes: number; manifest: BackupManifest };

/**
 * Writes one archive (tar.gz) of the database and the media with its manifest (backup-manifest.ts). It is built in a
 * private folder beside the archive and renamed into place whole, readable by its owner only: it holds password
 * hashes, tokens and the app's secrets.
 */
export async function writeBackup(sources: BackupSources, file: string, progress: Progress = () => undefined, now: Date = new Date()): Promise<WrittenBackup> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(target), '.hatch-backup-'));
  const partial = `${work}.tar.gz`;
  try {
    progress(`Reading the database (${sources.database.driver === 'pglite' ? 'embedded' : 'PostgreSQL'}, one snapshot)`);
    const dump = await dumpDatabase(sources.database, work, progress);
    progress(`Copying the media (${sources.media.kind === 's3' ? 'S3 bucket' : 'local folder'})`);
    const media = await dumpMedia(sources.media, work);
    progress(`  ${media.length} ${media.length === 1 ? 'file' : 'files'}`);
    const files: BackupManifest['files'] = {};
    for (const name of await filesUnder(work)) files[name] = await fileFacts(path.join(work, name));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      app_version: appVersion(),
      created_at: now.toISOString(),
      source: { driver: sources.database.driver, media: sources.media.kind },
      ...dump,
      media,
      files,
    };
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const parts = [MANIFEST_FILE, 'db', ...(existsSync(path.join(work, 'media')) ? ['media'] : [])];
    await createTar({ gzip: true, file: partial, cwd: work, portable: true }, parts);
    await chmod(partial, 0o600);
    await rename(partial, target);
    const { bytes } = await fileFacts(target);
    progress(`Wrote ${target} (${formatBytes(bytes)}: ${manifest.tables.length} tables, ${media.length} media files)`);
    return { file: target, bytes, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
