import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges } from '../../src/server/domains/game/tables/games';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge } from '../support/game-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { jpeg } from '../support/photo-fixtures';

/**
 * A real listening server (port 0) with short request and upload timeouts set through the environment, and raw
 * sockets that behave like a slow-body attack, or like a phone sending a photo on a weak uplink: the server must
 * close the first, not hold them open, and take the second.
 */
let t: TestApp;
let port: number;
let dataDir: string;
const upload = { code: '', token: '', challengeId: 0, cookie: '', csrf: '' };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-timeouts-'));
  // The minimum body rate (decision 0520): 10 bytes a second, checked every 1.5 s (past the 1 s request timeout, so the
  // ordinary routes still meet their deadline first).
  t = await createTestApp({
    REQUEST_TIMEOUT_MS: '1000',
    UPLOAD_TIMEOUT_MS: '4000',
    MIN_BODY_BYTES_PER_SECOND: '10',
    BODY_RATE_WINDOW_MS: '1500',
    DATA_DIR: dataDir,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // A live game with one photo challenge and one player, for the upload cases.
  const admin = await t.as('admin');
  const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
  upload.code = paid.gameCode ?? '';
  upload.challengeId = await createChallenge(admin, { type: 'Rating', max_score: 10, max_submissions: 10, name: 'Team selfie' });
  await t.db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: upload.challengeId, position: 99 });
  const visitor = await t.visitor();
  upload.token = (await visitor.post(`/api/play/${upload.code}/join`, { name: 'Fay', team_name: 'Foxes' })).json<{ token: string }>().token;
  Object.assign(upload, { cookie: visitor.cookie, csrf: visitor.csrf });
  expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Outcome = { closedAfterMs: number; answer: string };

/** Opens a socket, writes `start`, then `trickle` every 200 ms until the server closes it (or 8 s pass). */
function slowClient(start: string, trickle: string | null): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 8 s; answer so far: ${answer}`));
    }, 8_000);
    socket.on('connect', () => {
      socket.write(start);
      if (trickle !== null) timer = setInterval(() => socket.writable && socket.write(trickle), 200);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - began, answer });
    });
  });
}

/** The head of the player's photo upload (session, CSRF and player token), announcing `length` bytes of body. */
const photoUploadHead = (length: number) =>
  [
    `POST /api/play/${upload.code}/submissions/media?challenge_id=${upload.challengeId}&kind=photo HTTP/1.1`,
    'Host: 127.0.0.1',
    `X-Player-Token: ${upload.token}`,
    `Cookie: ${upload.cookie}`,
    `X-CSRF-TOKEN: ${upload.csrf}`,
    'Content-Type: image/jpeg',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

describe('server timeouts', () => {
  it('closes a connection that sends its headers and then trickles its body', async () => {
    // A visitor with a valid session and token: the request passes the CSRF check and its body is awaited.
    const visitor = await t.visitor();
    const headers = [
      'POST /api/bookings HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${visitor.cookie}`,
      `X-CSRF-TOKEN: ${visitor.csrf}`,
      'Content-Type: application/json',
      'Content-Length: 100000',
      '',
      '',
    ].join('\r\n');
    const outcome = await slowClient(`${headers}{`, ' ');
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never finishes its headers', async () => {
    const outcome = await slowClient('GET /api/pricing HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
  });

  it('closes a connection that sends headers and a body that never comes', async () => {
    const outcome = await slowClient('POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n', null);
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
  });

  it("takes a photo trickling in past the request timeout, within the upload's", async () => {
    const photo = jpeg(10_000);
    const headers = photoUploadHead(photo.length);
    // 10 pieces 200 ms apart: about 2 s, twice the request timeout.
    const began = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1');
      let text = '';
      let piece = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(headers);
        timer = setInterval(() => {
          socket.write(photo.subarray(piece * 1_000, (piece + 1) * 1_000));
          if (++piece === 10) clearInterval(timer);
        }, 200);
      });
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('\r\n\r\n')) {
          clearInterval(timer);
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
    });
    expect(Date.now() - began).toBeGreaterThan(1_500);
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
  });

  it('closes an upload that trickles above the minimum rate but never ends, at the upload timeout', async () => {
    const headers = photoUploadHead(100_000);
    // 5 bytes every 200 ms: 25 bytes a second, above the minimum of 10.
    const outcome = await slowClient(`${headers}\xff\xd8`, 'xxxxx');
    expect(outcome.closedAfterMs).toBeGreaterThan(3_000);
    expect(outcome.closedAfterMs).toBeLessThan(7_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts an upload sent below the minimum rate after one window, not at the upload timeout (issue 36)', async () => {
    // A byte every 200 ms: 5 a second, half the minimum. It held its socket until the upload deadline (10 minutes by
    // default) before.
    const outcome = await slowClient(`${photoUploadHead(100_000)}\xff\xd8`, 'x');
    expect(outcome.closedAfterMs).toBeGreaterThan(1_200);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts an upload whose body stops coming after one window', async () => {
    const outcome = await slowClient(`${photoUploadHead(100_000)}\xff\xd8`, null);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers an ordinary request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/pricing`);
    expect(res.status).toBe(200);
  });
});
