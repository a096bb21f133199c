/**
 * Small video files built box by box and element by element, with the structure phones really write (issue 29):
 * WebM as MediaRecorder streams it (segment and clusters of unknown size, no Duration, SimpleBlocks with relative
 * timecodes) and MP4/QuickTime as cameras (moov with mvhd, a video trak) or Safari's MediaRecorder (fragmented,
 * mvhd duration 0, moof/traf with tfdt and trun) write it. The frame bytes are filler: the probes read containers only.
 * tests/fixtures/media/recorded.webm is a real recording of Chromium's MediaRecorder, for the structure not imagined.
 * Outside tests/ because the bench builds its 30 MB video with it too (the bench imports nothing from tests/).
 */

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n: number) => Uint8Array.from([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const zeros = (n: number) => new Uint8Array(n);

// ---- MP4 ----

const box = (type: string, ...body: Uint8Array[]) => {
  const content = concat(...body);
  return concat(u32(8 + content.length), ascii(type), content);
};
const fullBox = (type: string, version: number, flags: number, ...body: Uint8Array[]) => box(type, u32((version << 24) | flags), ...body);

export type Mp4Options = {
  seconds: number;
  /** 'qt  ' for a QuickTime .mov. */
  brand?: string;
  /** No video track: an audio-only file (.m4a). */
  audioOnly?: boolean;
  /** As Safari's MediaRecorder: mvhd and mdhd say 0, the length is in the fragments. */
  fragmented?: boolean;
  /** Filler media bytes in mdat. */
  mediaBytes?: number;
  /** Cameras often write moov after the media. */
  moovLast?: boolean;
};

export function mp4({ seconds, brand = 'isom', audioOnly = false, fragmented = false, mediaBytes = 256, moovLast = false }: Mp4Options): Uint8Array {
  const timescale = 1000;
  const duration = fragmented ? 0 : Math.round(seconds * timescale);
  const ftyp = box('ftyp', ascii(brand), u32(0x200), ascii(brand), ascii('mp41'));
  const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), zeros(80));
  const tkhd = fullBox('tkhd', 0, 7, u32(0), u32(0), u32(1), u32(0), u32(duration), zeros(60));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), zeros(4));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii(audioOnly ? 'soun' : 'vide'), zeros(12), ascii('Handler\0'));
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', zeros(8))));
  const frameMs = 100;
  const mvex = fragmented ? box('mvex', fullBox('trex', 0, 0, u32(1), u32(1), u32(frameMs), u32(0), u32(0))) : new Uint8Array(0);
  const moov = box('moov', mvhd, trak, mvex);
  const mdat = box('mdat', zeros(mediaBytes));
  if (!fragmented) return moovLast ? concat(ftyp, mdat, moov) : concat(ftyp, moov, mdat);
  // One fragment a second: tfdt says where it starts, trun lists each sample's duration.
  const fragments: Uint8Array[] = [];
  const perFragment = 1000 / frameMs;
  const total = Math.round((seconds * 1000) / frameMs);
  for (let start = 0, n = 1; start < total; start += perFragment, n++) {
    const count = Math.min(perFragment, total - start);
    const trun = fullBox('trun', 0, 0x100, u32(count), ...Array.from({ length: count }, () => u32(frameMs)));
    const traf = box('traf', fullBox('tfhd', 0, 0x20000, u32(1)), fullBox('tfdt', 0, 0, u32(start * frameMs)), trun);
    fragments.push(box('moof', fullBox('mfhd', 0, 0, u32(n)), traf), box('mdat', zeros(Math.ceil(mediaBytes / 10))));
  }
  return concat(ftyp, moov, ...fragments);
}

// ---- WebM ----

const UNKNOWN = Uint8Array.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
/** An element's size as an 8-byte EBML integer. */
const size8 = (n: number) => {
  const out = zeros(8);
  out[0] = 0x01;
  let rest = n;
  for (let i = 7; i >= 1; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return out;
};
const idBytes = (id: number) => {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from(bytes);
};
const element = (id: number, ...body: Uint8Array[]) => {
  const content = concat(...body);
  return concat(idBytes(id), size8(content.length), content);
};
const uint = (n: number) => {
  const bytes: number[] = [];
  for (let rest = n; rest > 0 || bytes.length === 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from(bytes);
};
const float64 = (n: number) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, n);
  return out;
};

export type WebmOptions = {
  seconds: number;
  /** 'matroska' for an .mkv. */
  docType?: string;
  /** No video track: an audio-only WebM. */
  audioOnly?: boolean;
  /** A Duration in Info (MediaRecorder writes none). */
  declaredSeconds?: number;
  /** Filler bytes per frame. */
  frameBytes?: number;
};

/** 10 frames a second, a cluster every second, as MediaRecorder streams it. */
export function webm({ seconds, docType = 'webm', audioOnly = false, declaredSeconds, frameBytes = 16 }: WebmOptions): Uint8Array {
  const header = element(0x1a45dfa3, element(0x4286, uint(1)), element(0x4282, ascii(docType)));
  const info = element(
    0x1549a966,
    element(0x2ad7b1, uint(1_000_000)),
    element(0x4d80, ascii('hatch-fixture')),
    ...(declaredSeconds === undefined ? [] : [element(0x4489, float64(declaredSeconds * 1000))]),
  );
  const tracks = element(0x1654ae6b, element(0xae, element(0xd7, uint(1)), element(0x83, uint(audioOnly ? 2 : 1)), element(0x86, ascii('V_VP8'))));
  const clusters: Uint8Array[] = [];
  const frames = Math.round(seconds * 10);
  for (let second = 0; second * 10 <= frames; second++) {
    const blocks: Uint8Array[] = [];
    for (let f = second * 10; f < Math.min(frames + 1, (second + 1) * 10); f++) {
      const relative = (f - second * 10) * 100;
      blocks.push(element(0xa3, Uint8Array.from([0x81, (relative >> 8) & 0xff, relative & 0xff, 0x80]), zeros(frameBytes)));
    }
    clusters.push(concat(idBytes(0x1f43b675), UNKNOWN, element(0xe7, uint(second * 1000)), ...blocks));
  }
  return concat(header, idBytes(0x18538067), UNKNOWN, info, tracks, ...clusters);
}
