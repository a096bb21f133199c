import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge } from '../support/game-fixtures';
import { gameChallenges, gameInstances, players, playerPositions, submissions } from '../../src/server/domains/game/tables/games';
import { idempotencyKeys } from '../../src/server/platform/db/tables';
import { MADE_AT_MESSAGES, MADE_AT_SKEW_MS } from '../../src/shared/game/made-at';
import { SUBMIT_MESSAGES } from '../../src/shared/game/submission-kinds';
import { PUBLIC_BOOKING_MESSAGES } from '../../src/shared/api/public-booking';
import type { TeamSubmission } from '../../src/shared/api/play-challenges';
import { jpeg } from '../support/photo-fixtures';

/**
 * Weak signal, nothing lost (issue 29, decisions 0430, 0431): an answer sent again with its Idempotency-Key is stored
 * once (also when both sends race), an answer made offline before the end is taken after it and one made after is
 * refused, and positions kept offline arrive with their time without hiding a newer fix.
 */
let t: TestApp;
let admin: Agent;
let visitor: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  visitor = await t.visitor();
});
afterAll(async () => t.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** A live game (went live 30 minutes ago) with one text challenge and two players of one team. */
async function liveGame() {
  const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
  const code = paid.gameCode ?? '';
  const challengeId = await createChallenge(admin, { type: 'Tally', max_score: 100, max_submissions: 50, points_per_submission: 1 });
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await t.db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId, position: 0 });
  const join = async (name: string) => (await visitor.post(`/api/play/${code}/join`, { name, team_name: 'Foxes' })).json<{ token: string }>().token;
  const fay = await join('Fay');
  const finn = await join('Finn');
  expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(200);
  await t.db
    .update(gameInstances)
    .set({ startTime: minutesAgo(30), endsAt: new Date(Date.now() + 60 * 60_000) })
    .where(eq(gameInstances.gameId, paid.gameId));
  const [instance] = await t.db.select({ id: gameInstances.id }).from(gameInstances).where(eq(gameInstances.gameId, paid.gameId));
  return { code, challengeId, fay, finn, gameId: paid.gameId, instanceId: instance?.id ?? 0 };
}
type Game = Awaited<ReturnType<typeof liveGame>>;

const answer = (game: Game, token: string, body: object, key?: string) =>
  visitor.inject({
    method: 'POST',
    url: `/api/play/${game.code}/submissions`,
    payload: { challenge_id: game.challengeId, kind: 'count', ...body },
    headers: { 'x-player-token': token, ...(key ? { 'idempotency-key': key } : {}) },
  });
const position = (game: Game, token: string, body: object) =>
  visitor.inject({ method: 'POST', url: `/api/play/${game.code}/positions`, payload: body, headers: { 'x-player-token': token } });
const stored = async (game: Game) => (await t.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.instanceId, game.instanceId))).length;
const endGame = (game: Game, endedAt: Date) =>
  t.db.update(gameInstances).set({ status: 'ended', endTime: endedAt }).where(eq(gameInstances.id, game.instanceId));

describe('an answer sent again with its Idempotency-Key', () => {
  it('answers the first answer and stores nothing more', async () => {
    const game = await liveGame();
    const key = randomUUID();
    const first = await answer(game, game.fay, { count: 3 }, key);
    expect(first.statusCode).toBe(201);
    const again = await answer(game, game.fay, { count: 3 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ submission: TeamSubmission }>()).toEqual(first.json());
    expect(await stored(game)).toBe(1);
    // The same key from the other phone of the team is the same answer too (a key is the team's).
    expect((await answer(game, game.finn, { count: 3 }, key)).json()).toEqual(first.json());
    expect(await stored(game)).toBe(1);
  });

  it('is refused when the key was used for another answer, and a malformed key is refused', async () => {
    const game = await liveGame();
    const key = randomUUID();
    expect((await answer(game, game.fay, { count: 3 }, key)).statusCode).toBe(201);
    const other = await answer(game, game.fay, { count: 4 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errors: { idempotency_key: [PUBLIC_BOOKING_MESSAGES.idempotencyReused] } });
    const bad = await answer(game, game.fay, { count: 4 }, 'no spaces allowed');
    expect(bad.statusCode).toBe(422);
    expect(await stored(game)).toBe(1);
  });

  it('applies to photo and video answers too: a replayed upload is answered from the first and stores nothing more', async () => {
    const game = await liveGame();
    const key = randomUUID();
    const madeAt = minutesAgo(1).toISOString();
    const photo = jpeg(2_004);
    const upload = () =>
      visitor.inject({
        method: 'POST',
        url: `/api/play/${game.code}/submissions/photo?challenge_id=${game.challengeId}&made_at=${encodeURIComponent(madeAt)}`,
        payload: photo,
        headers: { 'x-player-token': game.fay, 'content-type': 'image/jpeg', 'idempotency-key': key },
      });
    const first = await upload();
    expect(first.statusCode).toBe(201);
    expect(first.json<{ submission: TeamSubmission }>().submission.submitted_at).toBe(madeAt);
    const again = await upload();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stored(game)).toBe(1);
  });

  it('stores one answer when two sends of one key race', { tags: ['postgres'] }, async () => {
    const game = await liveGame();
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const [a, b] = await Promise.all([answer(game, game.fay, { count: 2 }, key), answer(game, game.finn, { count: 2 }, key)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
    }
    expect(await stored(game)).toBe(5);
    const keys = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.scope} like 'POST /api/play/%'`);
    expect(keys.length).toBeGreaterThanOrEqual(5);
  });
});

describe('an answer made offline (made_at)', () => {
  it('made before the end is taken after the end, at the time it was made', async () => {
    const game = await liveGame();
    await endGame(game, minutesAgo(5));
    const madeAt = minutesAgo(10).toISOString();
    const late = await answer(game, game.fay, { count: 2, made_at: madeAt }, randomUUID());
    expect(late.statusCode).toBe(201);
    expect(late.json<{ submission: TeamSubmission }>().submission.submitted_at).toBe(madeAt);
    expect(await stored(game)).toBe(1);
  });

  it('made after the end (or sent after it without made_at) is refused with a clear message, nothing stored', async () => {
    const game = await liveGame();
    await endGame(game, minutesAgo(5));
    const after = await answer(game, game.fay, { count: 2, made_at: minutesAgo(2).toISOString() }, randomUUID());
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'game_ended', message: MADE_AT_MESSAGES.afterEnd });
    const plain = await answer(game, game.fay, { count: 2 }, randomUUID());
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ message: SUBMIT_MESSAGES.ended });
    expect(await stored(game)).toBe(0);
  });

  it('made after the booked time ran out (before the ticker ended the game) is refused', async () => {
    const game = await liveGame();
    await t.db
      .update(gameInstances)
      .set({ endsAt: minutesAgo(5) })
      .where(eq(gameInstances.id, game.instanceId));
    const after = await answer(game, game.fay, { count: 2, made_at: minutesAgo(1).toISOString() });
    expect(after.json()).toMatchObject({ message: MADE_AT_MESSAGES.afterEnd });
    expect((await answer(game, game.fay, { count: 2, made_at: minutesAgo(6).toISOString() })).statusCode).toBe(201);
  });

  it('made before the game went live is refused', async () => {
    const game = await liveGame();
    const early = await answer(game, game.fay, { count: 2, made_at: minutesAgo(40).toISOString() });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: MADE_AT_MESSAGES.beforeStart });
    expect(await stored(game)).toBe(0);
  });

  it('counts a phone clock a little ahead as now, refuses one far ahead, and refuses what is not a time', async () => {
    const game = await liveGame();
    const ahead = await answer(game, game.fay, { count: 2, made_at: new Date(Date.now() + 60_000).toISOString() });
    expect(ahead.statusCode).toBe(201);
    expect(new Date(ahead.json<{ submission: TeamSubmission }>().submission.submitted_at).getTime()).toBeLessThanOrEqual(Date.now());
    const far = await answer(game, game.fay, { count: 2, made_at: new Date(Date.now() + MADE_AT_SKEW_MS + 60_000).toISOString() });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ errors: { made_at: [MADE_AT_MESSAGES.future] } });
    const nonsense = await answer(game, game.fay, { count: 2, made_at: 'yesterday' });
    expect(nonsense.statusCode).toBe(422);
    expect(nonsense.json()).toMatchObject({ errors: { made_at: [MADE_AT_MESSAGES.invalid] } });
    expect(await stored(game)).toBe(1);
  });
});

describe('positions kept offline', () => {
  it('are taken with their time in order; an older one joins the trail without moving the player', async () => {
    const game = await liveGame();
    const [fay] = await t.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.instanceId, game.instanceId), eq(players.name, 'Fay')));
    const fayId = fay?.id ?? 0;
    const now = await position(game, game.fay, { lat: 51.5, lng: -0.12 });
    expect(now.statusCode).toBe(204);
    const older = minutesAgo(3).toISOString();
    expect((await position(game, game.fay, { lat: 51.501, lng: -0.12, made_at: older })).statusCode).toBe(204);
    const [player] = await t.db.select({ lat: players.lastLat, at: players.lastAt }).from(players).where(eq(players.id, fayId));
    expect(player?.lat).toBe(51.5);
    expect(player && Date.now() - (player.at?.getTime() ?? 0)).toBeLessThan(60_000);
    const trail = await t.db.select({ at: playerPositions.at }).from(playerPositions).where(eq(playerPositions.playerId, fayId));
    expect(trail.map((p) => p.at.toISOString()).sort()).toContain(older);

    // Finn's queue: two fixes made offline, sent in order, each moves him to its own time.
    const [finn] = await t.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.instanceId, game.instanceId), eq(players.name, 'Finn')));
    for (const m of [4, 2])
      expect((await position(game, game.finn, { lat: 51.5 + m / 1000, lng: -0.12, made_at: minutesAgo(m).toISOString() })).statusCode).toBe(204);
    const [moved] = await t.db
      .select({ lat: players.lastLat })
      .from(players)
      .where(eq(players.id, finn?.id ?? 0));
    expect(moved?.lat).toBe(51.502);
  });

  it('made after the end or in the far future are refused, nothing stored', async () => {
    const game = await liveGame();
    await endGame(game, minutesAgo(5));
    const before = (await t.db.select({ id: playerPositions.id }).from(playerPositions)).length;
    const after = await position(game, game.fay, { lat: 51.5, lng: -0.12, made_at: minutesAgo(1).toISOString() });
    expect(after.statusCode).toBe(409);
    const future = await position(game, game.fay, { lat: 51.5, lng: -0.12, made_at: new Date(Date.now() + MADE_AT_SKEW_MS + 60_000).toISOString() });
    expect(future.statusCode).toBe(422);
    expect((await position(game, game.fay, { lat: 51.5, lng: -0.12, made_at: minutesAgo(10).toISOString() })).statusCode).toBe(204);
    expect((await t.db.select({ id: playerPositions.id }).from(playerPositions)).length).toBe(before + 1);
  });
});
