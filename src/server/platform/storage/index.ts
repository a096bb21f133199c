import path from 'node:path';
import type { Config } from '../config';
import { AppError } from '../errors';
import { checkPhoto, type PhotoType } from '../../../shared/uploads';
import { localPhotoStorage } from './local-photo-storage';
import { photoKey, type PhotoStorage } from './photo-storage';
import { s3PhotoStorage } from './s3-photo-storage';

export type { PhotoStorage, StoredPhoto } from './photo-storage';
export { isPhotoKey } from './photo-storage';

type StorageConfig = Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/** S3-compatible storage when S3_BUCKET is set, else the DATA_DIR/photos folder. */
export function createPhotoStorage(config: StorageConfig): PhotoStorage & { close(): void } {
  if (config.S3_BUCKET) {
    return s3PhotoStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return { ...localPhotoStorage(path.resolve(config.DATA_DIR, 'photos')), close() {} };
}

/** An upload that passed checkPhoto, with the type its bytes hold: what putPhoto takes, so nothing is checked twice. */
export type CheckedPhoto = { readonly bytes: Uint8Array; readonly type: PhotoType };

/** Checks an upload (shared/uploads.ts) once, before any I/O: a refused upload throws its 4xx. */
export function checkedPhoto(bytes: Uint8Array): CheckedPhoto {
  const check = checkPhoto(bytes);
  if (!check.ok) throw new AppError(check.status, check.message);
  return { bytes, type: check.type };
}

/**
 * Stores a checked photo under a new key. The caller writes the key to its row afterwards, outside any lock held
 * across this upload, and deletes the photo if that write fails.
 */
export async function putPhoto(storage: PhotoStorage, instanceId: number, photo: CheckedPhoto): Promise<string> {
  const key = photoKey(instanceId, photo.type);
  await storage.put(key, photo.bytes, photo.type);
  return key;
}

/** Checks and stores an upload in one step (a refused upload stores nothing). */
export async function storePhoto(storage: PhotoStorage, instanceId: number, bytes: Uint8Array): Promise<string> {
  return putPhoto(storage, instanceId, checkedPhoto(bytes));
}
