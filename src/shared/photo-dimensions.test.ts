import { describe, expect, it } from 'vitest';
import { photoDimensions } from './photo-dimensions';
import { checkPhoto, UPLOAD_MESSAGES } from './uploads';

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const png = (w: number, h: number) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);
// A JFIF segment, a quantisation table (skipped by its length), then the frame.
const jpeg = (w: number, h: number, sof = 0xc0) =>
  bytes(
    [0xff, 0xd8, 0xff, 0xe0, 0, 16],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xdb, 0, 4, 0, 0],
    [0xff, sof, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3],
  );
const webpLossy = (w: number, h: number) =>
  bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0], [0, 0, 0, 0x9d, 0x01, 0x2a, w & 255, w >> 8, h & 255, h >> 8]);
const webpLossless = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  return bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8L', [0, 0, 0, 0, 0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255]);
};

describe('the dimensions an image header declares', () => {
  it('reads PNG, JPEG (baseline and progressive, past other segments) and the three WebP headers', () => {
    expect(photoDimensions(png(4032, 3024), 'image/png')).toEqual({ width: 4032, height: 3024 });
    expect(photoDimensions(jpeg(1600, 1200), 'image/jpeg')).toEqual({ width: 1600, height: 1200 });
    expect(photoDimensions(jpeg(800, 600, 0xc2), 'image/jpeg')).toEqual({ width: 800, height: 600 });
    expect(photoDimensions(webpLossy(1024, 768), 'image/webp')).toEqual({ width: 1024, height: 768 });
    expect(photoDimensions(webpLossless(300, 200), 'image/webp')).toEqual({ width: 300, height: 200 });
  });

  it('finds the JPEG frame past stray bytes and fill bytes between segments, as libjpeg (and so Chromium) does', () => {
    const [soi, rest] = [jpeg(20_000, 20_000).subarray(0, 20), jpeg(20_000, 20_000).subarray(20)];
    const withStray = (...stray: number[]) => Uint8Array.from([...soi, ...stray, ...rest]);
    expect(photoDimensions(withStray(0x00), 'image/jpeg')).toEqual({ width: 20_000, height: 20_000 });
    expect(photoDimensions(withStray(0x12, 0x34, 0xff, 0x00, 0x56), 'image/jpeg')).toEqual({ width: 20_000, height: 20_000 });
    expect(photoDimensions(withStray(0xff, 0xff, 0xff), 'image/jpeg')).toEqual({ width: 20_000, height: 20_000 });
  });

  it('says nothing of a header that does not declare them for sure (such a photo is refused)', () => {
    expect(photoDimensions(bytes([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg')).toBeNull();
    expect(photoDimensions(bytes([0x89, 0x50, 0x4e, 0x47]), 'image/png')).toBeNull();
    expect(photoDimensions(jpeg(0, 600), 'image/jpeg')).toBeNull();
    expect(photoDimensions(png(800, 0), 'image/png')).toBeNull();
    // The image data before any frame header: no size (libjpeg refuses it).
    expect(photoDimensions(bytes([0xff, 0xd8, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]), 'image/jpeg')).toBeNull();
  });

  it('lets checkPhoto take a 48 MP phone photo and refuse a side over 12,000 px or more than 50 MP', () => {
    expect(checkPhoto(jpeg(8064, 6048))).toMatchObject({ ok: true });
    const refused = { ok: false, status: 422, message: UPLOAD_MESSAGES.tooManyPixels };
    expect(checkPhoto(png(50_000, 50_000))).toEqual(refused);
    expect(checkPhoto(png(12_001, 10))).toEqual(refused);
    expect(checkPhoto(jpeg(10, 12_001))).toEqual(refused);
    expect(checkPhoto(png(8000, 7000))).toEqual(refused);
  });

  it('lets checkPhoto refuse a photo whose size cannot be read', () => {
    expect(checkPhoto(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'))).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.noSize });
  });
});
