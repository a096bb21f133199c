import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, VIDEO_MESSAGES, type VideoType } from './video-uploads';

/**
 * What a video file's bytes say it is and how long it runs (issue 29, decision 0420), read by walking its container
 * through a random-access reader, so a large file is never held whole: the server reads a spooled upload from disk.
 *
 * - MP4/QuickTime (Safari, phone cameras): the boxes. The length is the longest of the movie header (mvhd), each
 *   track's media header (mdhd) and, for a fragmented file (Safari's MediaRecorder writes mvhd 0), the end of each
 *   fragment's samples (tfdt + trun durations). A video track (hdlr 'vide') must exist.
 * - WebM/Matroska (MediaRecorder in Chrome, Firefox, Android): the EBML elements. MediaRecorder writes a live stream
 *   with no Duration and segments and clusters of unknown size, so the length is read from the block timecodes
 *   (cluster Timecode + each SimpleBlock's or Block's relative timecode); a Duration in the header counts too, the
 *   longer wins. A video track (TrackType 1) must exist.
 */
export type ByteSource = {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
};

export type VideoProbe = { ok: true; type: VideoType; seconds: number } | { ok: false; reason: 'notVideo' | 'noLength' };

/**
 * The least read at a time. Small on purpose: a WebM walk reads only a dozen bytes of each frame, and a phone's frames
 * are 10-100 KB apart, so a larger read was mostly bytes never looked at, allocated afresh for every frame: 64 KB
 * reads made the check of a 30 MB upload allocate about 20 MB (the bench's media section). Reads come from the
 * spooled file in the page cache, so more of them cost little.
 */
const CHUNK = 8 * 1024;
/**
 * Bounds on the walk, past which a file is refused as not a video (issue 36: 16.8 MB of 2.1 million nested boxes took
 * 2.5 s of CPU before its 415). A phone's minute of video is far inside them: a camera MP4 has a few dozen boxes, a
 * fragmented one about ten per fragment (a fragment a frame at 60 fps is under 40,000), and a WebM about a hundred
 * elements a second (video frames, audio packets, cluster headers), so 100,000 is ten times a minute's worth. The
 * containers walked into nest at most three deep (moov > trak > mdia, moof > traf).
 */
export const MAX_CONTAINER_STEPS = 100_000;
export const MAX_MP4_DEPTH = 8;

/** Reads through a small cache of one chunk: the walks read many small headers close together. */
class Reader {
  private chunkStart = -1;
  private chunk: Uint8Array = new Uint8Array(0);
  constructor(private readonly source: ByteSource) {}
  get size() {
    return this.source.size;
  }
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    if (offset < 0 || offset >= this.size) return new Uint8Array(0);
    const end = Math.min(offset + length, this.size);
    if (this.chunkStart < 0 || offset < this.chunkStart || end > this.chunkStart + this.chunk.length) {
      this.chunkStart = offset;
      this.chunk = await this.source.read(offset, Math.max(CHUNK, end - offset));
    }
    return this.chunk.subarray(offset - this.chunkStart, end - this.chunkStart);
  }
}

const u32 = (b: Uint8Array, at: number) => (((b[at] ?? 0) << 24) >>> 0) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

export async function probeVideo(source: ByteSource): Promise<VideoProbe> {
  const reader = new Reader(source);
  const head = await reader.bytes(0, 16);
  if (head.length >= 4 && u32(head, 0) === 0x1a45dfa3) return probeWebm(reader);
  if (head.length >= 8 && MP4_FIRST_BOXES.has(fourcc(head, 4))) return probeMp4(reader);
  return { ok: false, reason: 'notVideo' };
}

// ---- MP4 / QuickTime ----

/** A file starts with ftyp; old QuickTime files may start with a padding or data box instead. */
const MP4_FIRST_BOXES = new Set(['ftyp', 'wide', 'free', 'skip', 'moov', 'mdat']);
/** Boxes walked into for the headers this probe reads. */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'mvex', 'moof', 'traf']);

type Box = { type: string; start: number; body: number; end: number };

/** What the walk has left, and whether it went past a bound (then the file is refused). */
type Steps = { left: number; exceeded: boolean };

async function* boxes(reader: Reader, from: number, to: number, steps: Steps): AsyncGenerator<Box> {
  let at = from;
  while (at + 8 <= to) {
    if (--steps.left < 0) {
      steps.exceeded = true;
      return;
    }
    const h = await reader.bytes(at, 16);
    if (h.length < 8) return;
    let size = u32(h, 0);
    let body = at + 8;
    if (size === 1) {
      if (h.length < 16) return;
      size = u64(h, 8);
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) return;
    yield { type: fourcc(h, 4), start: at, body, end: at + size };
    at += size;
  }
}

type Mp4Track = { id: number; timescale: number; duration: number; video: boolean; fragmentEnd: number; defaultDuration: number };

async function probeMp4(reader: Reader): Promise<VideoProbe> {
  const steps: Steps = { left: MAX_CONTAINER_STEPS, exceeded: false };
  let brand: string | null = null;
  let movie = { timescale: 0, duration: 0 };
  let sawMoov = false;
  const tracks = new Map<number, Mp4Track>();
  let current: Mp4Track | null = null;
  let fragmentTrack: { track: Mp4Track; time: number; defaultDuration: number } | null = null;
  let first = true;

  const walk = async (from: number, to: number, depth = 0): Promise<void> => {
    if (depth > MAX_MP4_DEPTH) {
      steps.exceeded = true;
      return;
    }
    for await (const box of boxes(reader, from, to, steps)) {
      if (steps.exceeded) return;
      if (first) {
        first = false;
        if (box.type === 'ftyp') brand = fourcc(await reader.bytes(box.body, 4), 0);
      }
      if (box.type === 'moov') sawMoov = true;
      if (box.type === 'trak') {
        current = { id: 0, timescale: 0, duration: 0, video: false, fragmentEnd: 0, defaultDuration: 0 };
        await walk(box.body, box.end, depth + 1);
        if (current.id > 0) tracks.set(current.id, current);
        current = null;
        continue;
      }
      if (MP4_CONTAINERS.has(box.type)) {
        await walk(box.body, box.end, depth + 1);
        continue;
      }
      const b = await reader.bytes(box.body, Math.min(box.end - box.body, 64));
      const version = b[0] ?? 0;
      switch (box.type) {
        case 'mvhd':
          movie = version === 1 ? { timescale: u32(b, 20), duration: u64(b, 24) } : { timescale: u32(b, 12), duration: u32(b, 16) };
          break;
        case 'tkhd':
          if (current) current.id = version === 1 ? u32(b, 20) : u32(b, 12);
          break;
        case 'mdhd':
          if (current)
            Object.assign(current, version === 1 ? { timescale: u32(b, 20), duration: u64(b, 24) } : { timescale: u32(b, 12), duration: u32(b, 16) });
          break;
        case 'hdlr':
          if (current && fourcc(b, 8) === 'vide') current.video = true;
          break;
        case 'trex': {
          const track = tracks.get(u32(b, 4));
          if (track) track.defaultDuration = u32(b, 12);
          break;
        }
        case 'tfhd': {
          const flags = u32(b, 0) & 0xffffff;
          const track = tracks.get(u32(b, 4));
          let at = 8;
          if (flags & 0x01) at += 8;
          if (flags & 0x02) at += 4;
          fragmentTrack = track ? { track, time: track.fragmentEnd, defaultDuration: flags & 0x08 ? u32(b, at) : track.defaultDuration } : null;
          break;
        }
        case 'tfdt':
          if (fragmentTrack) fragmentTrack.time = version === 1 ? u64(b, 4) : u32(b, 4);
          break;
        case 'trun':
          if (fragmentTrack) await readTrun(reader, box, fragmentTrack, steps);
          break;
      }
    }
  };
  await walk(0, reader.size);
  if (steps.exceeded) return { ok: false, reason: 'notVideo' };

  const all = [...tracks.values()];
  if (!sawMoov || !all.some((t) => t.video)) return { ok: false, reason: 'notVideo' };
  const seconds = Math.max(
    movie.timescale > 0 ? movie.duration / movie.timescale : 0,
    ...all.map((t) => (t.timescale > 0 ? Math.max(t.duration, t.fragmentEnd) / t.timescale : 0)),
  );
  if (!(seconds > 0) || !Number.isFinite(seconds)) return { ok: false, reason: 'noLength' };
  return { ok: true, type: brand === 'qt  ' || brand === null ? 'video/quicktime' : 'video/mp4', seconds };
}

/**
 * A track run: its samples' durations (each its own, or the fragment's default) move the track's end. Each sample read
 * counts as a step of the walk: a run of millions of 4-byte samples costs as much as millions of boxes.
 */
async function readTrun(reader: Reader, box: Box, fragment: { track: Mp4Track; time: number; defaultDuration: number }, steps: Steps): Promise<void> {
  const head = await reader.bytes(box.body, 8);
  const flags = u32(head, 0) & 0xffffff;
  const count = u32(head, 4);
  let at = box.body + 8;
  if (flags & 0x01) at += 4;
  if (flags & 0x04) at += 4;
  const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
  let total = 0;
  if (flags & 0x100) {
    for (let i = 0; i < count && at + 4 <= box.end; i++, at += fields * 4) {
      if (--steps.left < 0) {
        steps.exceeded = true;
        return;
      }
      total += u32(await reader.bytes(at, 4), 0);
    }
  } else {
    total = count * fragment.defaultDuration;
  }
  fragment.time += total;
  fragment.track.fragmentEnd = Math.max(fragment.track.fragmentEnd, fragment.time);
}

// ---- WebM / Matroska ----

const EBML = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Walked into rather than skipped: MediaRecorder writes the segment and its clusters with an unknown size. */
const WEBM_CONTAINERS = new Set<number>([EBML.header, EBML.segment, EBML.info, EBML.tracks, EBML.trackEntry, EBML.cluster, EBML.blockGroup]);

type Vint = { value: number; length: number; unknown: boolean };

/** An EBML variable-length integer: an element ID keeps its marker bit, a size drops it (all ones: unknown size). */
function vint(b: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[at + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const uintOf = (b: Uint8Array) => b.reduce((n, byte) => n * 256 + byte, 0);
function floatOf(b: Uint8Array): number {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length === 4) return view.getFloat32(0);
  if (b.length === 8) return view.getFloat64(0);
  return 0;
}

async function probeWebm(reader: Reader): Promise<VideoProbe> {
  let docType = '';
  let scale = 1_000_000;
  let declared = 0;
  let video = false;
  let clusterTime = 0;
  let first = Infinity;
  let last = -Infinity;
  let at = 0;
  for (let steps = 0; at < reader.size; steps++) {
    if (steps >= MAX_CONTAINER_STEPS) return { ok: false, reason: 'notVideo' };
    const h = await reader.bytes(at, 12);
    const id = vint(h, 0, true);
    const size = id && vint(h, id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    if (WEBM_CONTAINERS.has(id.value)) {
      at = body;
      continue;
    }
    // Only a container may have an unknown size: anything else ends the walk (a truncated or foreign tail).
    if (size.unknown || body + size.value > reader.size) break;
    const small = size.value <= 8 ? await reader.bytes(body, size.value) : null;
    switch (id.value) {
      case EBML.docType:
        docType = String.fromCharCode(...(await reader.bytes(body, Math.min(size.value, 16))));
        break;
      case EBML.timecodeScale:
        if (small) scale = uintOf(small) || scale;
        break;
      case EBML.duration:
        if (small) declared = floatOf(small);
        break;
      case EBML.trackType:
        if (small && uintOf(small) === 1) video = true;
        break;
      case EBML.timecode:
        if (small) clusterTime = uintOf(small);
        break;
      case EBML.simpleBlock:
      case EBML.block: {
        const b = await reader.bytes(body, 10);
        const track = vint(b, 0, false);
        if (track && track.length + 2 <= b.length) {
          const view = new DataView(b.buffer, b.byteOffset + track.length, 2);
          const time = clusterTime + view.getInt16(0);
          first = Math.min(first, time);
          last = Math.max(last, time);
        }
        break;
      }
    }
    at = body + size.value;
  }
  if (docType !== 'webm' && docType !== 'matroska') return { ok: false, reason: 'notVideo' };
  if (!video) return { ok: false, reason: 'notVideo' };
  const blocks = last >= first ? last - first : 0;
  const seconds = (Math.max(declared, blocks) * scale) / 1e9;
  if (!(seconds > 0) || !Number.isFinite(seconds)) return { ok: false, reason: 'noLength' };
  return { ok: true, type: 'video/webm', seconds };
}

/** A reader over bytes already in memory (the phone's check of a picked file, and tests). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.length)) };
}

export type VideoCheck =
  { ok: true; type: VideoType; seconds: number } | { ok: false; status: 413 | 415 | 422; message: (typeof VIDEO_MESSAGES)[keyof typeof VIDEO_MESSAGES] };

/**
 * A phone's recording stopped at the cap runs a few frames over it; a second of grace keeps "at most 60 seconds"
 * true to what the phone showed.
 */
const LENGTH_GRACE_SECONDS = 1;

/** The size first (a too large file is not read), then the container, then its length (decision 0420). */
export async function checkVideo(source: ByteSource): Promise<VideoCheck> {
  if (source.size > MAX_VIDEO_BYTES) return { ok: false, status: 413, message: VIDEO_MESSAGES.tooLarge };
  if (source.size === 0) return { ok: false, status: 422, message: VIDEO_MESSAGES.empty };
  const probe = await probeVideo(source);
  if (!probe.ok)
    return probe.reason === 'notVideo'
      ? { ok: false, status: 415, message: VIDEO_MESSAGES.notVideo }
      : { ok: false, status: 422, message: VIDEO_MESSAGES.noLength };
  if (probe.seconds > MAX_VIDEO_SECONDS + LENGTH_GRACE_SECONDS) return { ok: false, status: 422, message: VIDEO_MESSAGES.tooLong };
  return probe;
}
