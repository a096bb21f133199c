import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { contentTypeOfKey, type MediaStorage } from '../storage';
import type { BackupManifest } from './backup-manifest';

/**
 * Copies every stored photo and video under `dir/media/<key>` (a local folder or an S3 bucket alike, through the storage's
 * listing). It runs after the database snapshot: a photo uploaded meanwhile is copied with no row pointing at it,
 * which is harmless, rather than a row pointing at a photo the archive lacks.
 */
export async function dumpMedia(storage: MediaStorage, dir: string): Promise<BackupManifest['media']> {
  const media: BackupManifest['media'] = [];
  for await (const key of storage.list()) {
    const stored = await storage.open(key);
    // Deleted since it was listed.
    if (!stored) continue;
    const file = `media/${key}`;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    // Streamed: a video is never held whole (decision 0421).
    await pipeline(stored.body, createWriteStream(path.join(dir, file), { mode: 0o600 }));
    media.push({ key, file });
  }
  return media.sort((a, b) => a.key.localeCompare(b.key));
}

export async function loadMedia(storage: MediaStorage, dir: string, media: BackupManifest['media'], progress: (line: string) => void): Promise<void> {
  let done = 0;
  for (const { key, file } of media) {
    await storage.putFile(key, path.join(dir, file), contentTypeOfKey(key));
    done++;
    if (done % 100 === 0) progress(`  ${done} of ${media.length} files`);
  }
}
