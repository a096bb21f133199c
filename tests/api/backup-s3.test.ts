import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { createMediaStorage, storePhoto } from '../../src/server/platform/storage';
import { restoreBackup, writeBackup } from '../../src/server/platform/backup';
import { createPaidBooking } from '../support/fixtures';
import { databaseFingerprint } from '../support/db-fingerprint';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { declaring } from '../support/photo-fixtures';

/**
 * Backups of an install whose photos are in an S3-compatible bucket (issue 30): the archive takes the bucket's
 * listing, and a restore puts every photo back into another, empty bucket; a bucket holding photos is refused.
 */
// A PNG whose header says its size: the storage refuses a photo whose size cannot be read (issue 36).
const PNG = Uint8Array.from(declaring('png', 40, 30));
let database: TestDatabase;
let source: S3StandIn;
let target: S3StandIn;
let root: string;
beforeAll(async () => {
  database = await openTestDatabase();
  [source, target] = await Promise.all([startS3StandIn('hatch-source'), startS3StandIn('hatch-target')]);
  root = await mkdtemp(path.join(tmpdir(), 'hatch-backup-s3-'));
});
afterAll(async () => {
  await database.release();
  await Promise.all([source.close(), target.close()]);
  await rm(root, { recursive: true, force: true });
});

const s3Env = (s3: S3StandIn) => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

describe('backup and restore with photos in S3', { tags: ['postgres'] }, () => {
  it('copies every photo of the bucket into the archive and back into an empty bucket, and refuses one that is not empty', async () => {
    await createPaidBooking(database.db, { players: 6 });
    const photos = createMediaStorage(loadConfig({ DATA_DIR: root, ...s3Env(source) }));
    const keys = [await storePhoto(photos, 3, PNG), await storePhoto(photos, 3, PNG), await storePhoto(photos, 4, PNG)];
    const archive = path.join(root, 'hatch.tar.gz');
    const written = await writeBackup({ database, media: photos }, archive);
    photos.close();
    expect(written.manifest.source.media).toBe('s3');
    expect(written.manifest.media.map((m) => m.key).sort()).toEqual([...keys].sort());

    const dataDir = path.join(root, 'restored');
    const config = loadConfig({ DATA_DIR: dataDir, ...s3Env(target) });
    await restoreBackup({ file: archive, config });
    expect([...target.objects.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) expect(new Uint8Array(target.objects.get(key)?.body ?? [])).toEqual(PNG);
    const restored = await openDatabase({ dataDir });
    try {
      expect(await databaseFingerprint(restored.db)).toEqual(await databaseFingerprint(database.db));
    } finally {
      await restored.close();
    }

    // Another folder, but the bucket holds photos now: refused, and nothing is written.
    const second = loadConfig({ DATA_DIR: path.join(root, 'second'), ...s3Env(target) });
    await expect(restoreBackup({ file: archive, config: second })).rejects.toThrow(/The target is not empty \(the bucket hatch-target holds photos\)/);
    expect(target.requests.filter((r) => r.startsWith('PUT')).length).toBe(keys.length);
    // A restore opens two embedded databases (about 15 s on a busy 2-core machine): the tier's 30 s is too tight.
  }, 90_000);
});
