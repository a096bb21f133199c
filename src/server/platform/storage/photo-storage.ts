import { randomUUID } from 'node:crypto';
import { PHOTO_EXTENSIONS, PHOTO_TYPES, type PhotoType } from '../../../shared/uploads';

/**
 * Where submitted photos live: one small interface, a local folder by default and S3-compatible storage when
 * configured (decision 0242). Keys are made by us (photoKey), never taken from a request.
 */
export type StoredPhoto = { bytes: Uint8Array; contentType: PhotoType };

export interface PhotoStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: PhotoType): Promise<void>;
  /** The photo, or null when no photo has that key. */
  get(key: string): Promise<StoredPhoto | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every photo key stored, in no set order (a backup copies them); anything else in the folder or bucket is skipped. */
  list(): AsyncIterable<string>;
}

const KEY_PATTERN = /^games\/\d{1,10}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

export function photoKey(instanceId: number, type: PhotoType): string {
  return `games/${instanceId}/${randomUUID()}.${PHOTO_EXTENSIONS[type]}`;
}

/** Only keys photoKey makes: no '..', no absolute paths, nothing a crafted row could turn into another file. */
export function isPhotoKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertPhotoKey(key: string): void {
  if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`);
}

export function contentTypeOfKey(key: string): PhotoType {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return PHOTO_TYPES.find((t) => PHOTO_EXTENSIONS[t] === extension) ?? 'image/jpeg';
}
