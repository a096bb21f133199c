import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStorage } from '../storage';
import { contentTypeOfKey } from '../storage/photo-storage';
import type { BackupManifest } from './backup-manifest';

/**
 * Copies every stored photo under `dir/media/<key>` (a local folder or an S3 bucket alike, through the storage's
 * listing). It runs after the database snapshot: a photo uploaded meanwhile is copied with no row pointing at it,
 * which is harmless, rather than a row pointing at a photo the archive lacks.
 */
export async function dumpMedia(photos: PhotoStorage, dir: string): Promise<BackupManifest['media']> {
  const media: BackupManifest['media'] = [];
  for await (const key of photos.list()) {
    const photo = await photos.get(key);
    // Deleted since it was listed.
    if (!photo) continue;
    const file = `media/${key}`;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), photo.bytes, { mode: 0o600 });
    media.push({ key, file });
  }
  return media.sort((a, b) => a.key.localeCompare(b.key));
}

export async function loadMedia(photos: PhotoStorage, dir: string, media: BackupManifest['media'], progress: (line: string) => void): Promise<void> {
  let done = 0;
  for (const { key, file } of media) {
    await photos.put(key, new Uint8Array(await readFile(path.join(dir, file))), contentTypeOfKey(key));
    done++;
    if (done % 100 === 0) progress(`  ${done} of ${media.length} files`);
  }
}
