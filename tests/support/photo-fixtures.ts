/**
 * Photo bytes for API tests: a real image header (all the upload checks read, shared/uploads.ts) and filler. The
 * header must say the picture's size, since a photo whose size cannot be read is refused (issue 36).
 */
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const JFIF = [0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
const frame = (width: number, height: number) => [
  0xff,
  0xc0,
  0,
  17,
  8,
  height >> 8,
  height & 255,
  width >> 8,
  width & 255,
  3,
  1,
  0x22,
  0,
  2,
  0x11,
  1,
  3,
  0x11,
  1,
];

/** A JPEG header of a JFIF segment and a frame declaring width × height; `stray` bytes between them, as libjpeg skips. */
export function jpegHead(width = 800, height = 600, stray: number[] = []): Buffer {
  return Buffer.from([0xff, 0xd8, ...JFIF, ...stray, ...frame(width, height)]);
}

/** A JPEG of `size` bytes (at least the header's 41): an 800 × 600 header, then `fill` bytes. */
export function jpeg(size = 2_000, fill = 7): Buffer {
  const head = jpegHead();
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), fill)]);
}

/** An image header that declares width × height (PNG IHDR, JPEG SOF0 after a JFIF segment, WebP VP8X), and filler. */
export function declaring(kind: 'png' | 'jpeg' | 'webp', width: number, height: number): Buffer {
  const head =
    kind === 'png'
      ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR'), ...be32(width), ...be32(height), 8, 6, 0, 0, 0])
      : kind === 'jpeg'
        ? jpegHead(width, height)
        : Buffer.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
  return Buffer.concat([head, Buffer.alloc(500, 0)]);
}
