/**
 * Media never held whole (issue 29, decisions 0421 and 0453): a 30 MB video answer sent to
 * POST /api/play/{code}/submissions/media, and then the game's media as one zip (GET /api/host/games/{code}/media.zip),
 * each measured in a server process of its own that does nothing else: its resident memory (/proc/<pid>/status, every
 * 10 ms) and its V8 heap and external memory (Buffers live there, outside the heap; GET /metrics every 50 ms), the
 * peak while the body streams minus the level just before. The video is a MediaRecorder-shaped WebM
 * (scripts/video-fixtures.ts: no Duration, clusters of unknown size) that the route takes by its bytes.
 */
import http from 'node:http';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../src/server/platform/db/client';
import { mp4, webm } from '../scripts/video-fixtures';
import { openClient } from '../scripts/http-client';
import { startBenchServer, BENCH_ADMIN, type BenchServer } from './server';
import { BENCH_METRICS_TOKEN, v8MemoryMb } from './metrics-scrape';
import { openLiveGame, type BenchPlayer } from './live-game';
import { round } from './load';

const MB = 2 ** 20;
/** The video's size and how many more are sent in a row (the tests run it small). */
export type MediaShape = { videoMb: number; repeats: number; parallel: number };
export const A_30_MB_VIDEO: MediaShape = { videoMb: Number(process.env.BENCH_VIDEO_MB ?? 30), repeats: 4, parallel: 4 };

/**
 * A video of `megabytes` MB running 30 s: a WebM as MediaRecorder writes it, 10 frames a second, the frames' filler sized
 * to reach it; or with BENCH_VIDEO=mp4 a camera's MP4 (moov, then one mdat the probe skips whole).
 */
export function videoOf(megabytes: number): Buffer {
  if (process.env.BENCH_VIDEO === 'mp4') return Buffer.from(mp4({ seconds: 30, mediaBytes: megabytes * MB }));
  const frames = 301; // 0.0 s to 30.0 s
  return Buffer.from(webm({ seconds: 30, frameBytes: Math.floor((megabytes * MB) / frames) }));
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * The server's memory while `work` runs, against the level just before it: RSS sampled every 10 ms, heap and external
 * every 50 ms. Before: the last of a second of samples with nothing running.
 */
async function memoryDuring<T>(server: BenchServer, work: () => Promise<T>) {
  const pid = server.process.pid ?? 0;
  let before = { rss: 0, heap: 0, external: 0 };
  for (let i = 0; i < 5; i++) {
    before = { rss: rssMb(pid), ...(await v8MemoryMb(server.url)) };
    await new Promise((r) => setTimeout(r, 200));
  }
  const peak = { ...before };
  const rssTimer = setInterval(() => (peak.rss = Math.max(peak.rss, rssMb(pid))), 10);
  let sampling = true;
  const v8Loop = (async () => {
    while (sampling) {
      const m = await v8MemoryMb(server.url);
      peak.heap = Math.max(peak.heap, m.heap);
      peak.external = Math.max(peak.external, m.external);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: round((performance.now() - t0) / 1000, 2),
      memory_mb: {
        rss_before: round(before.rss),
        rss_peak: round(peak.rss),
        rss_raised_by: round(peak.rss - before.rss),
        heap_before: round(before.heap),
        heap_peak: round(peak.heap),
        heap_raised_by: round(peak.heap - before.heap),
        external_before: round(before.external),
        external_peak: round(peak.external),
        external_raised_by: round(peak.external - before.external),
      },
    };
  } finally {
    clearInterval(rssTimer);
    sampling = false;
    await v8Loop;
  }
}

/** Sends a video as a phone's outbox does (kind, Idempotency-Key), streamed in 1 MB pieces with its Content-Length. */
function upload(server: BenchServer, code: string, challengeId: number, phone: BenchPlayer, video: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(`/api/play/${code}/submissions/media?challenge_id=${challengeId}&kind=video`, server.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'video/webm',
          'content-length': String(video.length),
          'x-player-token': phone.token,
          'idempotency-key': randomUUID(),
          cookie: phone.cookie,
          'x-csrf-token': phone.csrf,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const pieces = function* () {
      for (let at = 0; at < video.length; at += MB) yield video.subarray(at, at + MB);
    };
    pipeline(Readable.from(pieces()), req).catch(reject);
  });
}

/** Reads a whole answer body as it streams, counting its bytes (never holding it). */
async function download(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done || !chunk.value) break;
    bytes += chunk.value.length;
  }
  return { status: res.status, bytes };
}

export async function benchMedia(databaseUrl: string, shape: MediaShape = A_30_MB_VIDEO) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-bench-media-'));
  // One process for the upload; a fresh one on the same data for the zip, so neither inherits the other's memory.
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, METRICS_TOKEN: BENCH_METRICS_TOKEN };
  let server = await startBenchServer(env);
  const database = await openDatabase({ url: databaseUrl });
  try {
    const game = await openLiveGame(database.db, [server], {
      // One phone for the upload and those in a row, and one per upload in parallel (a player sends two at once at most).
      players: 1 + shape.parallel,
      teams: 1,
      challenges: [{ name: 'Film a 20-second review', maxSubmissions: 2 + shape.repeats + shape.parallel, answerMedia: 'video' }],
    });
    const phone = game.players[0];
    const challengeId = game.challengeIds[0];
    if (!phone || challengeId === undefined) throw new Error('no phone or challenge');
    // A small video first: the route's code is loaded and warm before the measured upload.
    const warm = await upload(server, game.code, challengeId, phone, videoOf(1));
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
    const video = videoOf(shape.videoMb);
    const sent = await memoryDuring(server, () => upload(server, game.code, challengeId, phone, video));
    if (sent.result.status !== 201) throw new Error(`upload answered ${sent.result.status}: ${sent.result.body}`);
    // Then a few more, one after another, in one window: memory held per upload would add up; garbage awaiting V8's
    // collection stops growing where V8 collects it.
    const repeated = await memoryDuring(server, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < shape.repeats; i++) statuses.push((await upload(server, game.code, challengeId, phone, video)).status);
      return statuses;
    });
    // Then several phones at once: each upload's garbage is collected as it streams, so memory should not add up.
    const together = await memoryDuring(server, () =>
      Promise.all(game.players.slice(1, 1 + shape.parallel).map(async (p) => (await upload(server, game.code, challengeId, p, video)).status)),
    );

    await server.stop();
    server = await startBenchServer(env);
    const staff = await openClient(server.url);
    if ((await staff.json('POST', '/api/auth/login', BENCH_ADMIN)).status !== 200) throw new Error('admin login failed');
    const zipUrl = `${server.url}/api/host/games/${game.code}/media.zip`;
    const zipped = await memoryDuring(server, () =>
      download(zipUrl, staff.cookie).catch((error: unknown) => {
        throw new Error(`media.zip broke off (${String(error)}):\n${server.output()}`);
      }),
    );
    if (zipped.result.status !== 200) throw new Error(`media.zip answered ${zipped.result.status}:\n${server.output()}`);
    const mediaBytes = (1 + shape.repeats + shape.parallel) * video.length + videoOf(1).length;
    return {
      database: 'postgres',
      storage: 'local folder (DATA_DIR)',
      upload: {
        video_mb: round(video.length / MB, 2),
        status: sent.result.status,
        seconds: sent.seconds,
        ...sent.memory_mb,
      },
      uploads_in_a_row: { statuses: repeated.result, seconds: repeated.seconds, ...repeated.memory_mb },
      uploads_in_parallel: { statuses: together.result, seconds: together.seconds, ...together.memory_mb },
      zip: {
        entries: 2 + shape.repeats + shape.parallel,
        media_bytes: mediaBytes,
        zip_bytes: zipped.result.bytes,
        status: zipped.result.status,
        seconds: zipped.seconds,
        ...zipped.memory_mb,
      },
    };
  } finally {
    await server.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
