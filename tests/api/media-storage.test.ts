import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/platform/config';
import { createMediaStorage, mediaKey, storePhoto, type MediaStorage } from '../../src/server/platform/storage';
import { AppError } from '../../src/server/platform/errors';
import { MAX_PHOTO_BYTES, UPLOAD_MESSAGES } from '../../src/shared/uploads';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { declaring, jpeg } from '../support/photo-fixtures';

const JPEG = new Uint8Array(jpeg(60));
const PNG = new Uint8Array(declaring('png', 640, 480));

let s3: S3StandIn;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-photos-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The storage an install with its photos in the stand-in's bucket opens. */
const s3Storage = () =>
  createMediaStorage(
    loadConfig({
      NODE_ENV: 'test',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }),
  );

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

function behavesLikeMediaStorage(name: string, open: () => MediaStorage & { close(): void }, stored: () => Promise<number>) {
  describe(name, () => {
    it('stores a photo, gives it back with its type, and deletes it', async () => {
      const storage = open();
      const key = await storePhoto(storage, 12, PNG);
      expect(key).toMatch(/^games\/12\/[0-9a-f-]{36}\.png$/);
      expect(await storage.get(key)).toEqual({ bytes: PNG, contentType: 'image/png' });
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // twice is fine
      storage.close();
    });

    it('answers null for a photo that was never stored', async () => {
      const storage = open();
      expect(await storage.get('games/1/00000000-0000-0000-0000-000000000000.jpg')).toBeNull();
      storage.close();
    });

    it('refuses a non-image (415), an empty file (422) and an oversized one (413), storing nothing', async () => {
      const storage = open();
      const before = await stored();
      expect(await refusal(storePhoto(storage, 1, new TextEncoder().encode('<svg onload=alert(1)>')))).toEqual({
        status: 415,
        message: UPLOAD_MESSAGES.notImage,
      });
      expect(await refusal(storePhoto(storage, 1, new Uint8Array()))).toEqual({ status: 422, message: UPLOAD_MESSAGES.empty });
      const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
      big.set(JPEG);
      expect(await refusal(storePhoto(storage, 1, big))).toEqual({ status: 413, message: UPLOAD_MESSAGES.tooLarge });
      expect(await stored()).toBe(before);
      storage.close();
    });

    it('lists every photo it holds, over more than one page, and nothing else (what a backup copies)', async () => {
      const storage = open();
      for await (const key of storage.list()) await storage.delete(key);
      const keys: string[] = [];
      for (let i = 0; i < 3; i++) keys.push(await storePhoto(storage, 40 + i, PNG));
      const listed: string[] = [];
      for await (const key of storage.list()) listed.push(key);
      expect(listed.sort()).toEqual(keys.sort());
      for (const key of keys) await storage.delete(key);
      const after: string[] = [];
      for await (const key of storage.list()) after.push(key);
      expect(after).toEqual([]);
      storage.close();
    });

    it('takes only keys it made: no path tricks', async () => {
      const storage = open();
      await expect(storage.get('../../etc/passwd')).rejects.toThrow(/not a media key/);
      await expect(storage.put('games/1/../../x.jpg', JPEG, 'image/jpeg')).rejects.toThrow(/not a media key/);
      storage.close();
    });
  });
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

behavesLikeMediaStorage(
  'local folder (default)',
  () => {
    const storage = createMediaStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(storage.kind).toBe('local');
    return storage;
  },
  () => countFiles(dataDir),
);

behavesLikeMediaStorage(
  'S3-compatible (against the local stand-in)',
  () => {
    const storage = s3Storage();
    expect(storage.kind).toBe('s3');
    return storage;
  },
  () => Promise.resolve(s3.objects.size),
);

describe('where the photos land', () => {
  it('writes local photos under DATA_DIR/photos, whole files only', async () => {
    const storage = createMediaStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const key = await storePhoto(storage, 3, JPEG);
    expect(await countFiles(path.join(dataDir, 'photos', 'games', '3'))).toBe(1);
    const names = await readdir(path.join(dataDir, 'photos', 'games', '3'));
    expect(names).toEqual([key.split('/').pop()]);
  });

  it('sends signed path-style PUT/GET/DELETE to the bucket with the photo’s type', async () => {
    s3.requests.length = 0;
    const storage = s3Storage();
    const key = await storePhoto(storage, 4, JPEG);
    expect(s3.objects.get(key)?.contentType).toBe('image/jpeg');
    await storage.get(key);
    await storage.delete(key);
    expect(s3.requests).toEqual([`PUT /${s3.bucket}/${key}`, `GET /${s3.bucket}/${key}`, `DELETE /${s3.bucket}/${key}`]);
    storage.close();
  });

  it('sends a file again when the bucket closed the connection under it (a kept-alive connection it had timed out)', async () => {
    const storage = s3Storage();
    const file = path.join(dataDir, 'upload.png');
    await writeFile(file, PNG);
    const key = mediaKey(9, 'image/png');
    s3.requests.length = 0;
    s3.dropNext(1);
    await storage.putFile(key, file, 'image/png');
    expect(new Uint8Array(s3.objects.get(key)?.body ?? [])).toEqual(PNG);
    expect(s3.requests).toEqual([`PUT /${s3.bucket}/${key}`, `PUT /${s3.bucket}/${key}`]);
    storage.close();
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    const storage = createMediaStorage(
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'x' }),
    );
    await expect(storePhoto(storage, 5, JPEG)).rejects.toThrow(/Access Denied|AccessDenied/);
    storage.close();
  });

  it('refuses half an S3 configuration at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/go together/);
  });
});
