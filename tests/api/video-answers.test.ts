import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameChallenges, submissions } from '../../src/server/domains/game/tables/games';
import type { PlayChallengesResponse, TeamSubmission } from '../../src/shared/api/play-challenges';
import type { ReviewSubmission } from '../../src/shared/api/submissions';
import { SUBMIT_MESSAGES } from '../../src/shared/game/submission-kinds';
import { UPLOAD_MESSAGES } from '../../src/shared/uploads';
import { MAX_VIDEO_BYTES, VIDEO_MESSAGES } from '../../src/shared/video-uploads';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge } from '../support/game-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { mp4, webm } from '../support/video-fixtures';
import { jpeg } from '../support/photo-fixtures';

/**
 * Video answers (issue 29): a challenge that says "film…" takes a video, sent as the body of
 * POST /api/play/{code}/submissions/media?kind=video, judged by its bytes (container and length), streamed to storage
 * and played back to the team and the host by byte range. What is refused stores nothing: no row, no file, no spooled
 * part left behind. Photos go the same way and still work at the older address.
 */
let t: TestApp;
let admin: Agent & { userId: number };
let host: Agent & { userId: number };
let visitor: Agent;
let dataDir: string;
let code: string;
let token = '';
const ch = { film: 0, selfie: 0 };

/** A real 10-second MP4 followed by `count` empty 8-byte 'free' boxes. */
const paddedMp4 = (count: number) => {
  const padding = Buffer.alloc(count * 8);
  for (let at = 0; at < padding.length; at += 8) padding.write('\0\0\0\x08free', at, 'latin1');
  return Buffer.concat([Buffer.from(mp4({ seconds: 10 })), padding]);
};

const filesUnder = async (dir: string): Promise<string[]> => {
  try {
    return (await readdir(dir, { recursive: true })).filter((f) => /\.\w+$/.test(f));
  } catch {
    return [];
  }
};
const stored = () => filesUnder(path.join(dataDir, 'photos'));
const spooled = () => filesUnder(path.join(dataDir, 'uploads'));
const submissionCount = async () => (await t.db.select({ id: submissions.id }).from(submissions)).length;

const sendMedia = (kind: string, challengeId: number, payload: Buffer | Readable, headers: Record<string, string> = {}) =>
  visitor.inject({
    method: 'POST',
    url: `/api/play/${code}/submissions/media?challenge_id=${challengeId}&kind=${kind}`,
    payload,
    headers: { 'x-player-token': token, 'content-type': 'video/webm', ...headers },
  });
const playerGet = (url: string, headers: Record<string, string> = {}) =>
  visitor.inject({ method: 'GET', url, headers: { 'x-player-token': token, ...headers } });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-video-answers-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.as('admin');
  host = await t.as('host', { name: 'Hana Host' });
  visitor = await t.visitor();
  const paid = await createPaidBooking(t.db, { players: 6, assignedHostId: host.userId, ...startableSchedule() });
  code = paid.gameCode ?? '';
  ch.film = await createChallenge(admin, { type: 'Rating', max_score: 10, max_submissions: 10, name: 'Film a 20-second review' });
  ch.selfie = await createChallenge(admin, { type: 'Rating', max_score: 10, max_submissions: 10, name: 'Team selfie' });
  await t.db.update(challenges).set({ answerMedia: 'video', liveCapture: true }).where(eq(challenges.id, ch.film));
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await t.db.insert(gameChallenges).values([ch.film, ch.selfie].map((challengeId, position) => ({ gameId: paid.gameId, challengeId, position })));
  const joined = await visitor.post(`/api/play/${code}/join`, { name: 'Fay', team_name: 'Foxes' });
  token = joined.json<{ token: string }>().token;
  expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a challenge that says film', () => {
  it('asks the phone for a video taken live', async () => {
    const list = (await playerGet(`/api/play/${code}/challenges`)).json<PlayChallengesResponse>();
    expect(list.challenges.map((c) => [c.name, c.kinds, c.live_capture])).toEqual([
      ['Film a 20-second review', ['video', 'text'], true],
      ['Team selfie', ['photo', 'text'], false],
    ]);
  });
});

describe('a video answer', () => {
  let sent: TeamSubmission;
  const video = Buffer.from(webm({ seconds: 20, frameBytes: 400 }));

  it('is taken from a MediaRecorder WebM (no Duration header), pending review, and stored', async () => {
    const res = await sendMedia('video', ch.film, video);
    expect(res.statusCode).toBe(201);
    sent = res.json<{ submission: TeamSubmission }>().submission;
    expect(sent).toMatchObject({ kind: 'video', status: 'pending', media_url: `/api/play/${code}/submissions/${sent.id}/media` });
    expect((await stored()).filter((f) => f.endsWith('.webm'))).toHaveLength(1);
    expect(await spooled()).toEqual([]);
  });

  it('is played back to its team with its type, whole or by byte range', async () => {
    const whole = await playerGet(sent.media_url ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // Opened on its own, the file may show itself and nothing else: no script, no framing (decision 0605).
    expect(whole.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await playerGet(sent.media_url ?? '', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const tail = await playerGet(sent.media_url ?? '', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const past = await playerGet(sent.media_url ?? '', { range: `bytes=${video.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('is in the host’s queue as a video and plays there by range', async () => {
    const queue = (await host.get(`/api/host/games/${code}/submissions`)).json<{ submissions: ReviewSubmission[] }>().submissions;
    const mine = queue.find((s) => s.id === sent.id);
    expect(mine).toMatchObject({ kind: 'video', media_url: `/api/host/games/${code}/submissions/${sent.id}/media` });
    const part = await host.inject({ method: 'GET', url: mine?.media_url ?? '', headers: { range: 'bytes=0-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.rawPayload.equals(video.subarray(0, 16))).toBe(true);
    const staff = await admin.get(`/api/admin/submissions/${sent.id}/media`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('video/webm');
  });

  it('takes an iPhone QuickTime and a camera MP4 (moov last) whatever type the phone declares', async () => {
    const mov = await sendMedia('video', ch.film, Buffer.from(mp4({ seconds: 15, brand: 'qt  ' })), { 'content-type': 'application/octet-stream' });
    expect(mov.statusCode).toBe(201);
    const movUrl = mov.json<{ submission: TeamSubmission }>().submission.media_url ?? '';
    expect((await playerGet(movUrl)).headers['content-type']).toBe('video/quicktime');
    const camera = await sendMedia('video', ch.film, Buffer.from(mp4({ seconds: 30, moovLast: true, mediaBytes: 100_000 })), { 'content-type': 'video/mp4' });
    expect(camera.statusCode).toBe(201);
  });
});

describe('refused, with nothing stored', () => {
  it.each([
    ['not a video (text named .webm)', () => Buffer.from('<html>this is not a video</html>'), 415, VIDEO_MESSAGES.notVideo],
    ['not a video (a photo)', () => jpeg(), 415, VIDEO_MESSAGES.notVideo],
    ['an audio-only MP4', () => Buffer.from(mp4({ seconds: 10, audioOnly: true })), 415, VIDEO_MESSAGES.notVideo],
    ['too long (WebM, 90 s by its timecodes)', () => Buffer.from(webm({ seconds: 90 })), 422, VIDEO_MESSAGES.tooLong],
    ['too long (WebM declaring 5 s over 90 s of frames)', () => Buffer.from(webm({ seconds: 90, declaredSeconds: 5 })), 422, VIDEO_MESSAGES.tooLong],
    ['too long (fragmented MP4 from Safari, 75 s)', () => Buffer.from(mp4({ seconds: 75, fragmented: true })), 422, VIDEO_MESSAGES.tooLong],
    ['empty', () => Buffer.alloc(0), 422, VIDEO_MESSAGES.empty],
    // Issue 36: a walk of millions of tiny boxes kept the request busy for seconds; past the bound it is no video.
    ['more boxes than any camera writes (an MP4 padded with 100,000 empty ones)', () => paddedMp4(100_000), 415, VIDEO_MESSAGES.notVideo],
  ])('%s', async (_name, body, status, message) => {
    const [files, rows] = [await stored(), await submissionCount()];
    const res = await sendMedia('video', ch.film, body());
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await stored()).toEqual(files);
    expect(await submissionCount()).toBe(rows);
    expect(await spooled()).toEqual([]);
  });

  it('too big, cut off while it streams (no Content-Length), the partial file removed and the connection closed', async () => {
    const [files, rows] = [await stored(), await submissionCount()];
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sentBytes = 0;
    // 60 MB streamed in 1 MB pieces: never one buffer, and no length announced up front.
    const body = Readable.from(
      (function* () {
        yield Buffer.from(webm({ seconds: 5 }));
        for (let i = 0; i < 60; i++) {
          sentBytes += chunk.length;
          yield chunk;
        }
      })(),
    );
    const res = await sendMedia('video', ch.film, body);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(VIDEO_MESSAGES.tooLarge);
    expect(res.headers.connection).toBe('close');
    expect(sentBytes).toBeLessThan(60 * chunk.length + 1);
    expect(await stored()).toEqual(files);
    expect(await submissionCount()).toBe(rows);
    expect(await spooled()).toEqual([]);
  });

  it('too big by its Content-Length: refused before a byte is read', async () => {
    const res = await visitor.inject({
      method: 'POST',
      url: `/api/play/${code}/submissions/media?challenge_id=${ch.film}&kind=video`,
      payload: Buffer.from(webm({ seconds: 2 })),
      headers: { 'x-player-token': token, 'content-type': 'video/webm', 'content-length': String(MAX_VIDEO_BYTES + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(VIDEO_MESSAGES.tooLarge);
  });

  it('a video for a challenge that takes a photo, and a photo where a video is asked', async () => {
    const rows = await submissionCount();
    const wrongKind = await sendMedia('video', ch.selfie, Buffer.from(webm({ seconds: 3 })));
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json()).toMatchObject({ errors: { kind: [SUBMIT_MESSAGES.wrongKind] } });
    const photoForFilm = await sendMedia('photo', ch.film, jpeg(), { 'content-type': 'image/jpeg' });
    expect(photoForFilm.statusCode).toBe(422);
    const videoAsPhoto = await sendMedia('photo', ch.selfie, Buffer.from(webm({ seconds: 3 })));
    expect(videoAsPhoto.statusCode).toBe(415);
    expect(videoAsPhoto.json<{ message: string }>().message).toBe(UPLOAD_MESSAGES.notImage);
    const badKind = await sendMedia('audio', ch.film, Buffer.from(webm({ seconds: 3 })));
    expect(badKind.statusCode).toBe(422);
    expect(await submissionCount()).toBe(rows);
  });
});

describe('a photo answer', () => {
  it('goes the same way, and the older photo address still takes one', async () => {
    const viaMedia = await sendMedia('photo', ch.selfie, jpeg(), { 'content-type': 'image/jpeg' });
    expect(viaMedia.statusCode).toBe(201);
    const photo = viaMedia.json<{ submission: TeamSubmission }>().submission;
    expect(photo).toMatchObject({ kind: 'photo', media_url: `/api/play/${code}/submissions/${photo.id}/media` });
    const back = await playerGet(photo.media_url ?? '');
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.rawPayload.equals(jpeg())).toBe(true);
    const old = await visitor.inject({
      method: 'POST',
      url: `/api/play/${code}/submissions/photo?challenge_id=${ch.selfie}`,
      payload: jpeg(),
      headers: { 'x-player-token': token, 'content-type': 'image/jpeg' },
    });
    expect(old.statusCode).toBe(201);
    const oldId = old.json<{ submission: TeamSubmission }>().submission.id;
    expect((await playerGet(`/api/play/${code}/submissions/${oldId}/photo`)).headers['content-type']).toBe('image/jpeg');
  });
});
