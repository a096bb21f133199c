import path from 'node:path';
import type { Config } from '../config';
import { AppError } from '../errors';
import { checkPhoto, checkPhotoHead, PHOTO_HEAD_BYTES, type PhotoType } from '../../../shared/uploads';
import { checkVideo } from '../../../shared/video-container';
import type { MediaKind, MediaType } from '../../../shared/media';
import type { ReceivedUpload } from './upload-spool';
import { localMediaStorage } from './local-media-storage';
import { mediaKey, type MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-media-storage';

export type { ByteRange, MediaStorage, MediaStream, StoredMedia } from './media-storage';
/** @deprecated The older names, while code written against them moves to MediaStorage and StoredMedia (0421). */
export type { MediaStorage as PhotoStorage, StoredMedia as StoredPhoto } from './media-storage';
export { contentTypeOfKey, isMediaKey, mediaKey } from './media-storage';
export { receiveUpload, type ReceivedUpload } from './upload-spool';

type StorageConfig = Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/** S3-compatible storage when S3_BUCKET is set, else the DATA_DIR/photos folder (its name kept, decision 0421). */
export function createMediaStorage(config: StorageConfig): MediaStorage & { close(): void } {
  if (config.S3_BUCKET) {
    return s3MediaStorage({
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
  return { ...localMediaStorage(path.resolve(config.DATA_DIR, 'photos')), close() {} };
}

/** Where uploads are spooled while they are checked: beside the media folder, so a local store copies within one disk. */
export const uploadSpoolDir = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'uploads');

/** An upload that passed checkPhoto, with the type its bytes hold: what putPhoto takes, so nothing is checked twice. */
export type CheckedPhoto = { readonly bytes: Uint8Array; readonly type: PhotoType };

/** Checks an upload (shared/uploads.ts) once, before any I/O: a refused upload throws its 4xx. */
export function checkedPhoto(bytes: Uint8Array): CheckedPhoto {
  const check = checkPhoto(bytes);
  if (!check.ok) throw new AppError(check.status, check.message);
  return { bytes, type: check.type };
}

/** Checks and stores a photo held in memory in one step (a refused photo stores nothing): seeds, tests, backups. */
export async function storePhoto(storage: MediaStorage, instanceId: number, bytes: Uint8Array): Promise<string> {
  const photo = checkedPhoto(bytes);
  const key = mediaKey(instanceId, photo.type);
  await storage.put(key, photo.bytes, photo.type);
  return key;
}

/** A received upload that passed the checks of its kind, with the type its bytes hold and a video's length. */
export type CheckedMedia = { readonly upload: ReceivedUpload; readonly kind: MediaKind; readonly type: MediaType; readonly seconds: number | null };

/**
 * Checks a received upload by its bytes (decisions 0242, 0420): a photo by its head (type and declared dimensions),
 * a video by its container and length, read from the spooled file piece by piece. A refused upload throws its 4xx.
 */
export async function checkedMedia(kind: MediaKind, upload: ReceivedUpload): Promise<CheckedMedia> {
  if (kind === 'photo') {
    const check = checkPhotoHead(await upload.source.read(0, PHOTO_HEAD_BYTES), upload.size);
    if (!check.ok) throw new AppError(check.status, check.message);
    return { upload, kind, type: check.type, seconds: null };
  }
  const check = await checkVideo(upload.source);
  if (!check.ok) throw new AppError(check.status, check.message);
  return { upload, kind, type: check.type, seconds: check.seconds };
}

/**
 * Streams checked media into storage under a new key. The caller writes the key to its row afterwards, outside any
 * lock held across this upload, and deletes the media if that write fails.
 */
export async function putMedia(storage: MediaStorage, instanceId: number, media: CheckedMedia): Promise<string> {
  const key = mediaKey(instanceId, media.type);
  await storage.putFile(key, media.upload.file, media.type);
  return key;
}
