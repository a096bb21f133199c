/**
 * The width and height an image's header declares, read without decoding it (issue 28: a PNG declaring 50,000 ×
 * 50,000 pixels was stored and served, and every phone that opened the album would try to decode 10 GB). PNG: the
 * IHDR chunk; JPEG: the first start-of-frame segment, found by walking the segments; WebP: the VP8, VP8L or VP8X
 * header. Null when the header does not say for sure (a truncated or odd file, or a side of 0): such a photo is refused
 * (issue 36), since what a browser would make of it cannot be known.
 */
export type Dimensions = { width: number; height: number };

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32be = (b: Uint8Array, at: number) => (((b[at] ?? 0) << 24) >>> 0) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

const bothSides = (size: Dimensions): Dimensions | null => (size.width > 0 && size.height > 0 ? size : null);

function png(b: Uint8Array): Dimensions | null {
  if (b.length < 24 || tag(b, 12) !== 'IHDR') return null;
  return bothSides({ width: u32be(b, 16), height: u32be(b, 20) });
}

/** Start-of-frame markers C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** The markers that stand alone, with no length: TEM and RST0–7. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Walks the segments the way libjpeg (Chromium, Android, most decoders) does, so it finds the frame they will decode
 * (issue 36: one stray byte after the first segment hid a 20,000 × 20,000 frame from a walk that stopped at it, and
 * the browser decoded it anyway). Between segments a decoder skips anything up to the next 0xFF ("extraneous bytes
 * before marker" is a warning, not an error), then any number of 0xFF fill bytes; 0xFF 0x00 is not a marker. The
 * first frame header counts: libjpeg refuses a second one. A frame of height or width 0 (set later by a DNL segment)
 * is refused by libjpeg, and here it gives null.
 */
function jpeg(b: Uint8Array): Dimensions | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  for (;;) {
    while (at < b.length && b[at] !== 0xff) at += 1;
    while (at < b.length && b[at] === 0xff) at += 1;
    if (at >= b.length) return null;
    const marker = b[at] ?? 0;
    at += 1;
    if (marker === 0x00 || standsAlone(marker)) continue;
    // The image data (SOS), its end (EOI) or a second start of image before any frame: no size declared.
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return null;
    if (isStartOfFrame(marker)) {
      if (at + 7 > b.length) return null;
      return bothSides({ height: u16be(b, at + 3), width: u16be(b, at + 5) });
    }
    const length = u16be(b, at);
    if (length < 2) return null;
    at += length;
  }
}

function webp(b: Uint8Array): Dimensions | null {
  const chunk = tag(b, 12);
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    // 14 bits each, little-endian, after the frame tag and start code (the top 2 bits are the scale).
    return { width: (((b[27] ?? 0) << 8) | (b[26] ?? 0)) & 0x3fff, height: (((b[29] ?? 0) << 8) | (b[28] ?? 0)) & 0x3fff };
  }
  return null;
}

export function photoDimensions(bytes: Uint8Array, type: 'image/jpeg' | 'image/png' | 'image/webp'): Dimensions | null {
  if (type === 'image/png') return png(bytes);
  if (type === 'image/jpeg') return jpeg(bytes);
  const size = webp(bytes);
  return size && bothSides(size);
}
