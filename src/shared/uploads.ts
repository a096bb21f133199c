import { photoDimensions } from './photo-dimensions';

/**
 * What a photo upload must be, checked on the phone before sending and on the server before storing (decision
 * 0242). The type is read from the file's first bytes, never from its name or the Content-Type the client claims.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_EXTENSIONS: Readonly<Record<PhotoType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A phone photo resized to 1600 px is well under 1 MB; 8 MB leaves room for a PNG or an unresized WebP. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/**
 * What a photo may declare, whatever its bytes (a few kB of PNG can declare 50,000 × 50,000 pixels, 10 GB to decode on
 * every phone that shows it): a side of 12,000 px and 50 megapixels hold any phone camera's photo (a 48 MP phone
 * gives 8,064 × 6,048).
 */
export const MAX_PHOTO_SIDE = 12_000;
export const MAX_PHOTO_PIXELS = 50_000_000;

export const UPLOAD_MESSAGES = {
  empty: 'The photo is empty',
  tooLarge: 'The photo is too large: at most 8 MB',
  notImage: 'Only JPEG, PNG or WebP photos can be uploaded',
  tooManyPixels: 'The photo is too large: at most 12,000 pixels a side and 50 megapixels',
  noSize: 'The photo’s width and height could not be read: take it again or pick another file',
} as const;

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes really hold, or null. */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

export type PhotoCheck =
  { ok: true; type: PhotoType; extension: string } | { ok: false; status: 413 | 415 | 422; message: (typeof UPLOAD_MESSAGES)[keyof typeof UPLOAD_MESSAGES] };

/**
 * The size is checked first, so an oversized file is refused without looking further; then the type by the bytes;
 * then the dimensions the header declares (shared/photo-dimensions.ts). A photo whose header does not say its size
 * for sure is refused (issue 36): a browser may still find a size in it, and it could be any.
 */
export function checkPhoto(bytes: Uint8Array): PhotoCheck {
  return checkPhotoHead(bytes, bytes.byteLength);
}

/**
 * The same checks on the first bytes of a photo of `size` bytes (the server reads the head of a spooled upload,
 * PHOTO_HEAD_BYTES, never the whole file, decision 0421): a header that declares its dimensions further in is
 * refused, as a truncated file is (a camera's JPEG says its size within its first 64 KB of metadata).
 */
export const PHOTO_HEAD_BYTES = 1024 * 1024;
export function checkPhotoHead(head: Uint8Array, size: number): PhotoCheck {
  if (size > MAX_PHOTO_BYTES) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
  if (size === 0) return { ok: false, status: 422, message: UPLOAD_MESSAGES.empty };
  const type = detectPhotoType(head);
  if (!type) return { ok: false, status: 415, message: UPLOAD_MESSAGES.notImage };
  const dimensions = photoDimensions(head, type);
  if (!dimensions) return { ok: false, status: 422, message: UPLOAD_MESSAGES.noSize };
  if (dimensions.width > MAX_PHOTO_SIDE || dimensions.height > MAX_PHOTO_SIDE || dimensions.width * dimensions.height > MAX_PHOTO_PIXELS) {
    return { ok: false, status: 422, message: UPLOAD_MESSAGES.tooManyPixels };
  }
  return { ok: true, type, extension: PHOTO_EXTENSIONS[type] };
}
