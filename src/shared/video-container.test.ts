import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bytesSource, probeVideo } from './video-container';
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
