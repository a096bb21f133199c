import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertPhotoKey, contentTypeOfKey, isPhotoKey, type PhotoStorage } from './photo-storage';

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';

/** Photos as files under `root` (DATA_DIR/photos). Written to a temporary name, then renamed: never half a file. */
export function localPhotoStorage(root: string): PhotoStorage {
  const fileOf = (key: string) => {
    assertPhotoKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await readFile(fileOf(key))), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // Half-written `.part` files and anything not named by photoKey are not photos.
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        if (isPhotoKey(key)) yield key;
      }
    },
  };
}
