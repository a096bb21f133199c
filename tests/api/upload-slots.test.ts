import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges } from '../../src/server/domains/game/tables/games';
import { UPLOAD_SLOT_MESSAGES } from '../../src/server/platform/http/upload-slots';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge } from '../support/game-fixtures';
import { jpeg } from '../support/photo-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 36: slow media uploads held sockets for up to 10 minutes each, as many as a client opened. A player sends
 * MAX_UPLOADS_PER_PLAYER (2) at once at most and an address MAX_UPLOADS_PER_ADDRESS (3 here); one more is answered 429
 * with Retry-After before its body is read (decision 0520). The phone's outbox sends a 429 again later. A real
 * listening server; uploads are raw sockets that send their first bytes and wait, from their own loopback addresses.
 */
let t: TestApp;
let port: number;
let dataDir: string;
let code = '';
let challengeId = 0;
const players = new Map<string, Player>();
const photo = jpeg(10_000);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-upload-slots-'));
  t = await createTestApp({ MAX_UPLOADS_PER_ADDRESS: '3', UPLOAD_TIMEOUT_MS: '60000', BODY_RATE_WINDOW_MS: '60000', DATA_DIR: dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const admin = await t.as('admin');
  const paid = await createPaidBooking(t.db, { players: 12, ...startableSchedule() });
  code = paid.gameCode ?? '';
  challengeId = await createChallenge(admin, { type: 'Rating', max_score: 10, max_submissions: 20, name: 'Team selfie' });
  await t.db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId, position: 99 });
  // Players join before the game starts.
  for (const name of ['Fay', 'Gus', 'Hal', 'Ivy']) players.set(name, await join(name));
  expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Player = { token: string; cookie: string; csrf: string };
async function join(name: string): Promise<Player> {
  const visitor = await t.visitor();
  const joined = await visitor.post(`/api/play/${code}/join`, { name, team_name: `Team ${name}` });
  expect(joined.statusCode).toBe(201);
  return { token: joined.json<{ token: string }>().token, cookie: visitor.cookie, csrf: visitor.csrf };
}

function joined(name: string): Player {
  const player = players.get(name);
  if (!player) throw new Error(`${name} has not joined`);
  return player;
}

type Upload = { answer: Promise<string>; finish(): void; close(): void };
/** A photo upload from `from` that sends its head and first kilobyte, then waits for finish(). */
function startUpload(player: Player, from: string): Upload {
  const head = [
    `POST /api/play/${code}/submissions/media?challenge_id=${challengeId}&kind=photo HTTP/1.1`,
    'Host: 127.0.0.1',
    `X-Player-Token: ${player.token}`,
    `Cookie: ${player.cookie}`,
    `X-CSRF-TOKEN: ${player.csrf}`,
    'Content-Type: image/jpeg',
    `Content-Length: ${photo.length}`,
    '',
    '',
  ].join('\r\n');
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => undefined);
  // Written in order: the head and the first kilobyte once connected, the rest after.
  socket.write(Buffer.concat([Buffer.from(head), photo.subarray(0, 1_000)]));
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (/\r\n\r\n[\s\S]*\}$/.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
  return { answer, finish: () => socket.write(photo.subarray(1_000)), close: () => socket.destroy() };
}

/** Whether the upload is still waiting for its body: no answer within a moment. */
const stillOpen = (upload: Upload) => Promise.race([upload.answer.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 300))]);

describe('media uploads at once', () => {
  it('takes two uploads at once from a player and answers a third 429 with Retry-After, then takes it once one has finished', async () => {
    const fay = joined('Fay');
    const first = startUpload(fay, '127.0.0.2');
    const second = startUpload(fay, '127.0.0.2');
    expect(await stillOpen(first)).toBe(true);
    expect(await stillOpen(second)).toBe(true);

    const third = await startUpload(fay, '127.0.0.2').answer;
    expect(third).toMatch(/^HTTP\/1\.1 429/);
    expect(third).toMatch(/\r\nretry-after: 10\r\n/i);
    expect(third).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(third.slice(third.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'rate_limited', message: UPLOAD_SLOT_MESSAGES.perOwner });

    first.finish();
    const done = await first.answer;
    expect(done, done).toMatch(/^HTTP\/1\.1 201/);
    const again = startUpload(fay, '127.0.0.2');
    expect(await stillOpen(again)).toBe(true);
    again.finish();
    expect(await again.answer).toMatch(/^HTTP\/1\.1 201/);
    second.close();
  });

  it('answers 429 to one upload more than MAX_UPLOADS_PER_ADDRESS from one address, and takes it from another', async () => {
    const held = [startUpload(joined('Gus'), '127.0.0.3'), startUpload(joined('Gus'), '127.0.0.3'), startUpload(joined('Hal'), '127.0.0.3')];
    for (const upload of held) expect(await stillOpen(upload)).toBe(true);

    const refused = await startUpload(joined('Ivy'), '127.0.0.3').answer;
    expect(refused).toMatch(/^HTTP\/1\.1 429/);
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toMatchObject({ message: UPLOAD_SLOT_MESSAGES.perAddress });

    const elsewhere = startUpload(joined('Ivy'), '127.0.0.4');
    elsewhere.finish();
    expect(await elsewhere.answer).toMatch(/^HTTP\/1\.1 201/);
    for (const upload of held) upload.close();
  });
});
