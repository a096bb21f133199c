import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bytesSource, MAX_CONTAINER_STEPS, MAX_MP4_DEPTH, probeVideo } from './video-container';
import { mp4, webm } from '../../tests/support/video-fixtures';

const probe = (bytes: Uint8Array) => probeVideo(bytesSource(bytes));
const seconds = async (bytes: Uint8Array) => {
  const result = await probe(bytes);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
};

describe('probeVideo: WebM', () => {
  it('reads a real MediaRecorder recording from Chromium (no Duration, unknown sizes, BlockGroups): about 2 s', async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../tests/fixtures/media/recorded.webm', import.meta.url)));
    const result = await seconds(bytes);
    expect(result.type).toBe('video/webm');
    expect(result.seconds).toBeGreaterThan(1.5);
    expect(result.seconds).toBeLessThan(2.5);
  });

  it('reads the length from the cluster and block timecodes when no Duration is written', async () => {
    expect(await seconds(webm({ seconds: 20 }))).toEqual({ ok: true, type: 'video/webm', seconds: 20 });
    expect((await seconds(webm({ seconds: 95 }))).seconds).toBe(95);
  });

  it('takes the longer of a declared Duration and the blocks, so a short Duration cannot hide a long video', async () => {
    expect((await seconds(webm({ seconds: 90, declaredSeconds: 5 }))).seconds).toBe(90);
    expect((await seconds(webm({ seconds: 3, declaredSeconds: 12 }))).seconds).toBe(12);
  });

  it('takes Matroska, refuses a WebM without a video track and an EBML file of another doctype', async () => {
    expect((await seconds(webm({ seconds: 4, docType: 'matroska' }))).seconds).toBe(4);
    expect(await probe(webm({ seconds: 4, audioOnly: true }))).toEqual({ ok: false, reason: 'notVideo' });
    expect(await probe(webm({ seconds: 4, docType: 'other' }))).toEqual({ ok: false, reason: 'notVideo' });
  });

  it('refuses a header with no frames as a length it cannot read', async () => {
    expect(await probe(webm({ seconds: 0 }))).toEqual({ ok: false, reason: 'noLength' });
  });
});

describe('probeVideo: MP4 and QuickTime', () => {
  it('reads mvhd of a camera file, with moov first or last', async () => {
    expect(await seconds(mp4({ seconds: 20 }))).toEqual({ ok: true, type: 'video/mp4', seconds: 20 });
    expect((await seconds(mp4({ seconds: 75, moovLast: true, mediaBytes: 200_000 }))).seconds).toBe(75);
  });

  it('says QuickTime for the qt brand (an iPhone .mov)', async () => {
    expect(await seconds(mp4({ seconds: 8, brand: 'qt  ' }))).toEqual({ ok: true, type: 'video/quicktime', seconds: 8 });
  });

  it('reads a fragmented file (Safari MediaRecorder, mvhd 0) from its fragments', async () => {
    expect((await seconds(mp4({ seconds: 12, fragmented: true }))).seconds).toBe(12);
    expect((await seconds(mp4({ seconds: 70, fragmented: true }))).seconds).toBe(70);
  });

  it('refuses an audio-only MP4', async () => {
    expect(await probe(mp4({ seconds: 5, audioOnly: true }))).toEqual({ ok: false, reason: 'notVideo' });
  });
});

describe('probeVideo: not a video', () => {
  it('refuses a JPEG, text, an empty file and a truncated MP4 header', async () => {
    expect(await probe(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual({ ok: false, reason: 'notVideo' });
    expect(await probe(new TextEncoder().encode('<html>not a video</html>'))).toEqual({ ok: false, reason: 'notVideo' });
    expect(await probe(new Uint8Array(0))).toEqual({ ok: false, reason: 'notVideo' });
    expect(await probe(mp4({ seconds: 5 }).subarray(0, 40))).toEqual({ ok: false, reason: 'notVideo' });
  });

  it('refuses a file whose extension or declared type says video but whose bytes do not', async () => {
    const renamed = new TextEncoder().encode('ftyp but not at the right place, and no boxes at all....');
    expect(await probe(renamed)).toEqual({ ok: false, reason: 'notVideo' });
  });
});

describe('probeVideo: bounded (issue 36)', () => {
  const header = (size: number, type: string) =>
    Uint8Array.from([(size >>> 24) & 255, (size >>> 16) & 255, (size >>> 8) & 255, size & 255, ...[...type].map((c) => c.charCodeAt(0))]);
  const join = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
    return out;
  };
  /** A byte source that counts what the probe reads. */
  const counted = (bytes: Uint8Array) => {
    const source = bytesSource(bytes);
    const seen = { bytes: 0 };
    return {
      seen,
      source: {
        size: source.size,
        read: async (offset: number, length: number) => {
          const part = await source.read(offset, length);
          seen.bytes += part.length;
          return part;
        },
      },
    };
  };

  it('refuses 16.8 MB of 2.1 million nested boxes after reading a few kB of it, not all of it', async () => {
    const levels = 2_100_000;
    const bytes = new Uint8Array(16 + levels * 8);
    bytes.set(header(16, 'ftyp'), 0);
    bytes.set(Uint8Array.from([...'isom'].map((c) => c.charCodeAt(0))), 8);
    for (let i = 0; i < levels; i++) bytes.set(header(bytes.length - 16 - i * 8, 'moov'), 16 + i * 8);
    const { seen, source } = counted(bytes);
    expect(await probeVideo(source)).toEqual({ ok: false, reason: 'notVideo' });
    expect(seen.bytes).toBeLessThan(64 * 1024);
  });

  it('refuses a real video padded with more boxes, or nested deeper, than any camera writes', async () => {
    const video = mp4({ seconds: 10 });
    const padding = new Uint8Array(MAX_CONTAINER_STEPS * 8);
    for (let at = 0; at < padding.length; at += 8) padding.set(header(8, 'free'), at);
    expect(await probe(join(video, padding))).toEqual({ ok: false, reason: 'notVideo' });
    // The same video inside nine levels of moov: every box still holds together, the walk stops at the bound.
    const ftypEnd = 24;
    let nested = video.subarray(ftypEnd);
    for (let i = 0; i <= MAX_MP4_DEPTH; i++) nested = join(header(nested.length + 8, 'moov'), nested);
    expect(await probe(join(video.subarray(0, ftypEnd), nested))).toEqual({ ok: false, reason: 'notVideo' });
    // A real minute still passes: a fragmented recording, a fragment a second.
    expect((await seconds(mp4({ seconds: 60, fragmented: true }))).seconds).toBe(60);
  });
});
