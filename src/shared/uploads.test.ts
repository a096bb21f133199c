import { describe, expect, it } from 'vitest';
import { checkPhoto, detectPhotoType, MAX_PHOTO_BYTES, UPLOAD_MESSAGES } from './uploads';

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

// Headers that declare their size (a 640 × 480 frame): a photo whose size cannot be read is refused.
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc0, 0, 11, 8, 1, 0xe0, 2, 0x80, 1, 1, 0x11, 0]);
const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR', [0, 0, 2, 0x80, 0, 0, 1, 0xe0, 8, 6, 0, 0, 0]);
const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0], [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 2, 0xe0, 1]);

describe('photo type by magic bytes', () => {
  it('knows JPEG, PNG and WebP', () => {
    expect(detectPhotoType(jpeg)).toBe('image/jpeg');
    expect(detectPhotoType(png)).toBe('image/png');
    expect(detectPhotoType(webp)).toBe('image/webp');
  });
  it('refuses anything else, whatever it is called', () => {
    expect(detectPhotoType(bytes('GIF89a'))).toBeNull();
    expect(detectPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectPhotoType(bytes('%PDF-1.7'))).toBeNull();
    expect(detectPhotoType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectPhotoType(bytes([0xff, 0xd8]))).toBeNull();
  });
});

describe('checkPhoto', () => {
  it('accepts a photo and names its extension', () => {
    expect(checkPhoto(jpeg)).toEqual({ ok: true, type: 'image/jpeg', extension: 'jpg' });
    expect(checkPhoto(webp)).toEqual({ ok: true, type: 'image/webp', extension: 'webp' });
  });
  it('refuses an empty file with 422, a non-image with 415', () => {
    expect(checkPhoto(new Uint8Array())).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.empty });
    expect(checkPhoto(bytes('hello'))).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.notImage });
  });
  it('refuses a file over the cap with 413, even a real JPEG, and takes one at the cap', () => {
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(jpeg);
    expect(checkPhoto(big)).toEqual({ ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge });
    expect(checkPhoto(big.subarray(0, MAX_PHOTO_BYTES))).toMatchObject({ ok: true });
  });
});
