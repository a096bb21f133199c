import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertMediaKey, contentTypeOfKey, isMediaKey, type MediaStorage } from './media-storage';

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';

/**
 * Media as files under `root` (DATA_DIR/photos: the folder keeps the name it had when only photos were sent, so an
 * install's files stay where they are, decision 0421). Written to a temporary name, then renamed: never half a file.
 */
export function localMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** Writes through a temporary file in the target's folder, renamed into place once whole. */
  const place = async (key: string, write: (temporary: string) => Promise<void>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    try {
      await write(temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      await place(key, (temporary) => writeFile(temporary, bytes, { flag: 'wx' }));
    },
    async putFile(key, source) {
      // copyFile is done by the kernel (copy_file_range where it can), never through this process's memory.
      await place(key, (temporary) => copyFile(source, temporary));
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await readFile(fileOf(key))), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key, rangeOf) {
      const file = fileOf(key);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const range = rangeOf?.(size) ?? null;
      const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return { body, contentType: contentTypeOfKey(key), size, range };
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
      // Half-written `.part` files and anything not named by mediaKey are not media.
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        if (isMediaKey(key)) yield key;
      }
    },
  };
}
