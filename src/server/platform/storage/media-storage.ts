import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MEDIA_EXTENSIONS, MEDIA_TYPES, type MediaType } from '../../../shared/media';

/**
 * Where submitted photos and videos live: one small interface, a local folder by default and S3-compatible storage
 * when configured (decisions 0242, 0421). Keys are made by us (mediaKey), never taken from a request. A video is
 * never held whole: it goes in from a spooled file (putFile) and out as a stream, by byte range (open).
 */
export type StoredMedia = { bytes: Uint8Array; contentType: MediaType };

/** A byte range, both ends included (as HTTP's Range says it). */
export type ByteRange = { start: number; end: number };

export type MediaStream = { body: Readable; contentType: MediaType; size: number; range: ByteRange | null };

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: MediaType): Promise<void>;
  /** Streams a local file into storage under `key` (the file is left where it is). */
  putFile(key: string, file: string, contentType: MediaType): Promise<void>;
  /** The whole object, or null when nothing has that key (backups, small photos). */
  get(key: string): Promise<StoredMedia | null>;
  /** The object (or `range` of it, clamped to its size by the caller) as a stream, or null when nothing has that key. */
  open(key: string, range?: (size: number) => ByteRange | null): Promise<MediaStream | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every media key stored, in no set order (a backup copies them); anything else in the folder or bucket is skipped. */
  list(): AsyncIterable<string>;
}

const KEY_PATTERN = new RegExp(`^games/\\d{1,10}/[0-9a-f-]{36}\\.(${Object.values(MEDIA_EXTENSIONS).join('|')})$`);

export function mediaKey(instanceId: number, type: MediaType): string {
  return `games/${instanceId}/${randomUUID()}.${MEDIA_EXTENSIONS[type]}`;
}

/** Only keys mediaKey makes: no '..', no absolute paths, nothing a crafted row could turn into another file. */
export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
}

export function contentTypeOfKey(key: string): MediaType {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return MEDIA_TYPES.find((t) => MEDIA_EXTENSIONS[t] === extension) ?? 'image/jpeg';
}
