import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CAPS } from '../../src/server/domains/game/game-stream';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';
import { openSse, type SseStream } from '../support/sse';

/**
 * Issue 19: one player token opened 1,000 event streams that never closed. A holder keeps at most its cap of open
 * streams (decision 0180): the next one closes the holder's oldest; other holders are untouched.
 */
let t: TestApp;
let base: string;
const opened: SseStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t.close();
});

async function joinAs(code: string, name: string): Promise<string> {
  const res = await (await t.visitor()).post(`/api/play/${code}/join`, { name });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

async function open(code: string, token: string): Promise<SseStream> {
  const stream = await openSse(`${base}/api/play/${code}/stream`, { 'x-player-token': token });
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** Streams this process still serves, once the server has settled (closing is asynchronous). */
async function settledSize(expected: number): Promise<number> {
  for (let i = 0; i < 100 && t.app.deps.gameHub.size() !== expected; i++) await new Promise((r) => setImmediate(r));
  return t.app.deps.gameHub.size();
}

describe('event streams per player token', () => {
  it(`keeps ${STREAM_CAPS.player} open per token: the next one closes the oldest, and another player's stream stays`, async () => {
    const { gameCode } = await createPaidBooking(t.db, { players: 6 });
    const token = await joinAs(gameCode, 'Ann');
    const other = await open(gameCode, await joinAs(gameCode, 'Bob'));

    const streams: SseStream[] = [];
    for (let i = 0; i < STREAM_CAPS.player; i++) streams.push(await open(gameCode, token));
    expect(await settledSize(STREAM_CAPS.player + 1)).toBe(STREAM_CAPS.player + 1);

    const newest = await open(gameCode, token);
    // The first stream of the token is ended by the server; the others, and Bob's, stay open.
    await streams[0]?.ended;
    expect(await settledSize(STREAM_CAPS.player + 1)).toBe(STREAM_CAPS.player + 1);

    // The newest still gets the game's events, and so does the other player.
    await joinAs(gameCode, 'Cy');
    await newest.next((e) => e.event === 'player' && e.data.includes('Cy'));
    await other.next((e) => e.event === 'player' && e.data.includes('Cy'));
    await streams[1]?.next((e) => e.event === 'player' && e.data.includes('Cy'));
    expect(streams[0]?.events.some((e) => e.data.includes('Cy'))).toBe(false);

    // A thousand openings later the token still holds only its cap.
    for (let i = 0; i < 20; i++) await open(gameCode, token);
    expect(await settledSize(STREAM_CAPS.player + 1)).toBe(STREAM_CAPS.player + 1);
  });
});

describe("the organiser's streams", () => {
  it(`counts only streams opened with the game's own management key as the organiser's: a staff stream that sends any X-Manage-Key closes none of them`, async () => {
    const { gameCode, booking } = await createPaidBooking(t.db, { players: 6 });
    const admin = await t.as('admin');
    const organiser: SseStream[] = [];
    for (let i = 0; i < STREAM_CAPS.organiser; i++) {
      const stream = await openSse(`${base}/api/booking/${gameCode}/live/stream`, { 'x-manage-key': booking.manageKey });
      opened.push(stream);
      expect(stream.status).toBe(200);
      organiser.push(stream);
    }
    const before = await settledSize(t.app.deps.gameHub.size());
    // Staff streams (the host console), each with a made-up management key: the staff session's streams, not the
    // organiser's (issue 28: they closed the organiser's oldest).
    for (let i = 0; i < STREAM_CAPS.staff; i++) {
      const stream = await openSse(`${base}/api/host/games/${gameCode}/stream`, { cookie: admin.cookie, 'x-manage-key': `made-up-${i}` });
      opened.push(stream);
      expect(stream.status).toBe(200);
    }
    expect(await settledSize(before + STREAM_CAPS.staff)).toBe(before + STREAM_CAPS.staff);
    // Every organiser stream still gets the game's events.
    await joinAs(gameCode, 'Dee');
    for (const stream of organiser) await stream.next((e) => e.event === 'player' && e.data.includes('Dee'));
  });
});
