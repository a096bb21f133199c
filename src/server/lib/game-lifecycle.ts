import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { teams as bookingTeams } from '../db/schema/bookings';
import { gameInstances, games, instanceTeams } from '../db/schema/games';
import { recordActivity } from './activity';
import type { BookingWrite } from './booking-write';
import { ConflictError, ValidationError } from './errors';
import { publishGameEvent } from './game-events';
import { loadGameById, publicGame, scoredTeams, teamsWithCounts, type GameRow, type InstanceRow } from './game-state';
import { DETAIL_MESSAGES } from '../../shared/api/admin-booking-detail';
import { GAME_MESSAGES } from '../../shared/game/teams';
import type { PublicGame } from '../../shared/api/play';

/**
 * The game's lifecycle, lobby → live → ended (docs/decisions/0220-game-lifecycle.md), in one place for the admin's
 * Start Game, the host console and the end-at-duration ticker. Each change publishes a `state` event in its own
 * transaction, so every process's subscribers hear it once it commits.
 */

type Area = { lat: number; lng: number; radius: number };

/** The game's open (lobby or live) instance, locked. */
async function lockOpenInstance(tx: DbOrTx, gameId: number): Promise<InstanceRow | undefined> {
  const [row] = await tx
    .select()
    .from(gameInstances)
    .where(and(eq(gameInstances.gameId, gameId), inArray(gameInstances.status, ['lobby', 'live'])))
    .for('update');
  return row;
}

/** Whether the game was played or is being played: what 'Game Already Started' means (a lobby does not count). */
export async function hasStarted(tx: DbOrTx, gameId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(gameInstances)
    .where(and(eq(gameInstances.gameId, gameId), inArray(gameInstances.status, ['live', 'ended'])));
  return (row?.n ?? 0) > 0;
}

/** A new instance with the booker's teams (teams_list) as its first teams. */
async function insertInstance(tx: DbOrTx, gameId: number, bookingId: number, values: Partial<typeof gameInstances.$inferInsert> & { status: 'lobby' | 'live'; latestArea: Area }) {
  const [row] = await tx
    .insert(gameInstances)
    .values({ gameId, ...values })
    .onConflictDoNothing({ target: gameInstances.gameId, where: sql`status in ('lobby', 'live')` })
    .returning();
  if (!row) return undefined;
  const names = await tx.select({ name: bookingTeams.name }).from(bookingTeams).where(eq(bookingTeams.bookingId, bookingId)).orderBy(asc(bookingTeams.id));
  const seen = new Set<string>();
  const unique = names.map((n) => n.name.trim()).filter((name) => name && !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
  if (unique.length) await tx.insert(instanceTeams).values(unique.map((name) => ({ instanceId: row.id, name })));
  return row;
}

/**
 * The lobby players join: the open instance, or a new lobby (seeded teams) when the game has none yet. Two first
 * joins at once create one lobby (the unique open-instance index); the loser reads the winner's. An ended game has no lobby.
 */
export async function openLobby(tx: DbOrTx, ctx: { game: GameRow; bookingId: number; area: Area }): Promise<InstanceRow> {
  const open = await lockOpenInstance(tx, ctx.game.id);
  if (open) return open;
  if (await hasStarted(tx, ctx.game.id)) throw new ConflictError(GAME_MESSAGES.gameEnded, 'game_ended');
  const created = await insertInstance(tx, ctx.game.id, ctx.bookingId, { status: 'lobby', latestArea: ctx.area });
  const instance = created ?? (await lockOpenInstance(tx, ctx.game.id));
  if (!instance) throw new Error('no lobby instance');
  if (created) await publishState(tx, ctx.game.id, instance.id);
  return instance;
}

/**
 * Start Game, inside the booking's write (the row locked): the lobby goes live from now, or a live instance is
 * created when nobody joined. Refused when the game already started or ended ('Game already started'), has no game,
 * or is not paid. The same rule and messages for the admin and the host.
 */
export async function startGame(write: BookingWrite<'staff'>, now: Date = new Date()): Promise<{ code: string; instanceId: number }> {
  const { tx, row } = write;
  const [game] = await tx.select().from(games).where(eq(games.bookingId, row.id)).for('update');
  if (!game) throw ValidationError.field('game', DETAIL_MESSAGES.noGame);
  if (await hasStarted(tx, game.id)) throw new ConflictError(DETAIL_MESSAGES.gameAlreadyStarted);
  // A booking whose payments were voided keeps its game (0190) but is not played until paid again.
  if (row.bookingStatus !== 'paid' && row.bookingStatus !== 'completed') throw ValidationError.field('game', DETAIL_MESSAGES.notPaid);
  const endsAt = new Date(now.getTime() + row.duration * 60_000);
  const lobby = await lockOpenInstance(tx, game.id);
  let instanceId: number;
  if (lobby) {
    await tx.update(gameInstances).set({ status: 'live', startTime: now, endsAt }).where(eq(gameInstances.id, lobby.id));
    instanceId = lobby.id;
  } else {
    const area = { lat: row.initialAreaLat, lng: row.initialAreaLng, radius: row.initialAreaRadius };
    const created = await insertInstance(tx, game.id, row.id, { status: 'live', startTime: now, endsAt, latestArea: area });
    if (!created) throw new ConflictError(DETAIL_MESSAGES.gameAlreadyStarted);
    instanceId = created.id;
  }
  write.audit({
    action: 'game.start',
    entityType: 'game',
    entityId: game.id,
    before: { has_live_instance: false },
    after: { has_live_instance: true, instance_id: instanceId },
  });
  await publishState(tx, game.id, instanceId);
  await publishTeams(tx, game.id, instanceId, row.players);
  return { code: game.code, instanceId };
}

/** End Game by hand (host or admin): the live instance ends now. 409 when the game is not live. */
export async function endGame(db: Db, input: { gameId: number; actorId: number; bookingId: number }, now: Date = new Date()): Promise<PublicGame> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(gameInstances)
      .set({ status: 'ended', endTime: now })
      .where(and(eq(gameInstances.gameId, input.gameId), eq(gameInstances.status, 'live')))
      .returning({ id: gameInstances.id });
    if (!ended) throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
    await recordActivity(tx, {
      actorId: input.actorId,
      action: 'game.end',
      entityType: 'game',
      entityId: input.gameId,
      bookingId: input.bookingId,
      before: { status: 'live' },
      after: { status: 'ended', instance_id: ended.id },
    });
    await publishState(tx, input.gameId, ended.id);
  });
  const ctx = await loadGameById(db, input.gameId);
  if (!ctx) throw new Error('game vanished');
  return publicGame(ctx);
}

/**
 * Ends every live game whose booked duration has run out. Every process runs it; the UPDATE … WHERE status = 'live'
 * lets exactly one of them end each game and publish its state.
 */
export async function endDueGames(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(gameInstances)
      .set({ status: 'ended', endTime: sql`${gameInstances.endsAt}` })
      .where(and(eq(gameInstances.status, 'live'), lte(gameInstances.endsAt, now)))
      .returning({ id: gameInstances.id, gameId: gameInstances.gameId });
    for (const instance of ended) await publishState(tx, instance.gameId, instance.id);
    return ended.length;
  });
}

/** Runs endDueGames every few seconds in this process; returns its stop. */
export function startGameTicker(db: Db, log: { warn: (obj: object, msg: string) => void }, everyMs = 5_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    endDueGames(db)
      .catch((err: unknown) => log.warn({ err }, 'ending due games failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Publishes the game's state as it now stands (read inside the transaction that changed it). */
export async function publishState(tx: DbOrTx, gameId: number, instanceId: number): Promise<void> {
  const ctx = await loadGameById(tx, gameId);
  if (!ctx) return;
  await publishGameEvent(tx, { gameId, instanceId, type: 'state', data: { game: publicGame(ctx) } });
}

export async function publishTeams(tx: DbOrTx, gameId: number, instanceId: number, bookedPlayers: number): Promise<void> {
  // Every score input goes out (found_chicken_at too): each screen ranks with the one rule (decision 0240).
  const teams = scoredTeams(await teamsWithCounts(tx, instanceId), bookedPlayers);
  await publishGameEvent(tx, { gameId, instanceId, type: 'teams', data: { teams } });
}
