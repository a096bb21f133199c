import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export type FileFacts = { sha256: string; bytes: number };

export async function fileFacts(file: string): Promise<FileFacts> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    const data: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    hash.update(data);
    bytes += data.byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every file under `dir`, as archive paths (forward slashes, relative to `dir`), sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
