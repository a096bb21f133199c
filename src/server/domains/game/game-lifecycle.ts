import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { gameInstances, games, instanceTeams } from './tables/games';
import { assertGameTransition, bookedTeamNames, moveBooking, withBooking, type BookingWrite } from '../booking';
import { ConflictError, TransitionError, ValidationError } from '../../platform/errors';
import { publishGameEvent } from './game-events';
import { loadGameById, publicGame, scoredTeams, teamsWithCounts, type GameRow, type InstanceRow } from './game-state';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { GAME_MESSAGES, nameKey } from '../../../shared/game/teams';
import type { PublicGame } from '../../../shared/api/play';
import { bookedTimeIsUp, resumedEndsAt, resumeRefusal, startRefusal, type GameState } from '../../../shared/lifecycle/game-states';
import { gameHasStarted } from './records';
import { meetingInstant } from '../../../shared/meeting-time';
import { pausedAfterResume } from '../../../shared/game/script';
import { seedScript } from './script/script-repository';

/**
 * The game's lifecycle, lobby → live → ended → (resumed) live (docs/LIFECYCLE.md, decision 0220), in one
 * place for the admin's Start Game, the host console and the end-at-duration ticker; every status write asks the
 * state machine of src/shared/lifecycle first. Each change publishes a `state` event in its own
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

/** A new instance with the booker's teams (teams_list) as its first teams. */
async function insertInstance(
  tx: DbOrTx,
  gameId: number,
  bookingId: number,
  values: Partial<typeof gameInstances.$inferInsert> & { status: 'lobby' | 'live'; latestArea: Area },
) {
  const [row] = await tx
    .insert(gameInstances)
    .values({ gameId, ...values })
    .onConflictDoNothing({ target: gameInstances.gameId, where: sql`status in ('lobby', 'live')` })
    .returning();
  if (!row) return undefined;
  const names = await bookedTeamNames(tx, bookingId);
  // One team per name (nameKey): the booker's list is checked with the same rule, older lists may still repeat one.
  const byKey = new Map<string, string>();
  for (const name of names.map((n) => n.trim())) if (name && !byKey.has(nameKey(name))) byKey.set(nameKey(name), name);
  if (byKey.size) await tx.insert(instanceTeams).values([...byKey].map(([key, name]) => ({ instanceId: row.id, name, nameKey: key })));
  return row;
}

/**
 * The lobby players join: the open instance, or a new lobby (seeded teams) when the game has none yet. Two first
 * joins at once create one lobby (the unique open-instance index); the loser reads the winner's. An ended game has no lobby.
 */
export async function openLobby(tx: DbOrTx, ctx: { game: GameRow; bookingId: number; area: Area }): Promise<InstanceRow> {
  const open = await lockOpenInstance(tx, ctx.game.id);
  if (open) return open;
  if (await gameHasStarted(tx, { gameId: ctx.game.id })) throw new ConflictError(GAME_MESSAGES.gameEnded, 'game_ended');
  assertGameTransition('not_started', 'lobby', 'player');
  const created = await insertInstance(tx, ctx.game.id, ctx.bookingId, { status: 'lobby', latestArea: ctx.area });
  const instance = created ?? (await lockOpenInstance(tx, ctx.game.id));
  if (!instance) throw new Error('no lobby instance');
  if (created) {
    // The players' challenge list follows the script from the lobby on: the game takes its template now (0585).
    await seedScript(tx, ctx.game.id);
    await publishState(tx, ctx.game.id, instance.id);
  }
  return instance;
}

/** The game's state: its latest instance's status, or not_started. */
async function stateOfGame(tx: DbOrTx, gameId: number): Promise<{ state: GameState; instance: InstanceRow | null }> {
  const [latest] = await tx.select().from(gameInstances).where(eq(gameInstances.gameId, gameId)).orderBy(desc(gameInstances.id)).limit(1).for('update');
  return { state: latest ? latest.status : 'not_started', instance: latest ?? null };
}

/**
 * Start Game, inside the booking's write (the row locked): the lobby goes live from now, or a live instance is
 * created when nobody joined. Refused by the one rule `startRefusal` (shared/lifecycle/game-states.ts): the game
 * already started or ended ('Game already started'), no game or not paid (422), or outside its start window (409,
 * saying when it can start). The same rule and messages for the admin and the host.
 */
export async function startGame(write: BookingWrite<'staff'>, by: 'staff' | 'host', now: Date = new Date()): Promise<{ code: string; instanceId: number }> {
  const { tx, row } = write;
  const [game] = await tx.select().from(games).where(eq(games.bookingId, row.id)).for('update');
  const current = game ? await stateOfGame(tx, game.id) : null;
  const refusal = startRefusal({ state: current?.state ?? null, bookingStatus: row.bookingStatus, meetingAt: meetingAtOf(row), timeZone: row.timezone, now });
  if (refusal) throw new TransitionError(refusal);
  if (!game || !current) throw ValidationError.field('game', DETAIL_MESSAGES.noGame);
  assertGameTransition(current.state, 'live', by);
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
  await seedScript(tx, game.id);
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

/** The booking's meeting time as an instant (its utcDateTime, else date and meeting time, 14:00 when missing). */
export function meetingAtOf(row: { utcDateTime: Date | null; date: string; meetingTime: unknown; timezone: string }): Date {
  return meetingInstant(row) ?? new Date(Number.NaN);
}

/**
 * Ends the live instance inside the booking's write, and the booking becomes completed (the machine's `complete`).
 * `endTime` is now for an end by hand, the booked end for the ticker. Undefined when the game was not live (another
 * process or person ended it first).
 */
async function endLive(write: BookingWrite, gameId: number, by: 'staff' | 'host' | 'ticker', endTime: Date, dueBy?: Date): Promise<number | undefined> {
  const { tx, row } = write;
  const { state, instance } = await stateOfGame(tx, gameId);
  if (state !== 'live' || !instance) return undefined;
  if (dueBy && !bookedTimeIsUp(instance.endsAt, dueBy)) return undefined;
  assertGameTransition(state, 'ended', by);
  const at = dueBy && instance.endsAt ? instance.endsAt : endTime;
  await tx.update(gameInstances).set({ status: 'ended', endTime: at }).where(eq(gameInstances.id, instance.id));
  // A game started while paid; if its payments were voided since, the booking still was paid when it played (0190).
  if (row.bookingStatus === 'paid') await moveBooking(write, 'completed', by);
  write.audit({
    action: 'game.end',
    entityType: 'game',
    entityId: gameId,
    before: { status: 'live', booking_status: row.bookingStatus },
    after: {
      status: 'ended',
      instance_id: instance.id,
      ended_by: by === 'ticker' ? 'time_up' : by,
      booking_status: row.bookingStatus === 'paid' ? 'completed' : row.bookingStatus,
    },
  });
  await publishState(tx, gameId, instance.id);
  return instance.id;
}

/** End Game by hand (host or admin): the live instance ends now and the booking is completed. 409 when the game is not live. */
export async function endGame(
  db: Db,
  input: { gameId: number; actorId: number; bookingId: number; by: 'staff' | 'host' },
  now: Date = new Date(),
): Promise<PublicGame> {
  await withBooking(db, { id: input.bookingId }, { actor: { source: 'staff', userId: input.actorId } }, async (write) => {
    const ended = await endLive(write, input.gameId, input.by, now);
    if (ended === undefined) throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
  });
  return publicOf(db, input.gameId);
}

/**
 * Resume Game (staff or the game's host): an instance ended by hand less than 30 minutes ago goes live again, the
 * clock going on from where it stopped (ends_at = now + the time that was left at the end), and the booking is paid
 * again (the machine's `resume`). The ticker then ends it at that new time. Refused with the shared rule's 409s.
 */
export async function resumeGame(
  db: Db,
  input: { gameId: number; actorId: number; bookingId: number; by: 'staff' | 'host' },
  now: Date = new Date(),
): Promise<PublicGame> {
  await withBooking(db, { id: input.bookingId }, { actor: { source: 'staff', userId: input.actorId } }, async (write) => {
    const { tx, row } = write;
    const { state, instance } = await stateOfGame(tx, input.gameId);
    const refusal = resumeRefusal({ state, endedAt: instance?.endTime ?? null, endsAt: instance?.endsAt ?? null, timeZone: row.timezone, now });
    if (refusal) throw new TransitionError(refusal);
    if (!instance?.endTime) throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
    assertGameTransition(state, 'live', input.by);
    const endsAt = resumedEndsAt(now, instance.endTime, instance.endsAt);
    // The time it stood ended is a pause: the script's steps still to come move by it (decision 0585).
    const pausedMs = pausedAfterResume(instance.pausedMs, instance.endTime, now);
    await tx.update(gameInstances).set({ status: 'live', endTime: null, endsAt, pausedMs }).where(eq(gameInstances.id, instance.id));
    if (row.bookingStatus === 'completed') await moveBooking(write, 'paid', input.by);
    write.audit({
      action: 'game.resume',
      entityType: 'game',
      entityId: input.gameId,
      before: { status: 'ended', end_time: instance.endTime.toISOString(), booking_status: row.bookingStatus },
      after: {
        status: 'live',
        instance_id: instance.id,
        ends_at: endsAt.toISOString(),
        booking_status: row.bookingStatus === 'completed' ? 'paid' : row.bookingStatus,
      },
    });
    await publishState(tx, input.gameId, instance.id);
  });
  return publicOf(db, input.gameId);
}

async function publicOf(db: Db, gameId: number): Promise<PublicGame> {
  const ctx = await loadGameById(db, gameId);
  if (!ctx) throw new Error('game vanished');
  return publicGame(ctx);
}

/**
 * Ends every live game whose booked duration has run out, each in its booking's write (the machine's `time_up`; the
 * booking becomes completed). Every process runs it; the booking's row lock and the status check let exactly one
 * of them end each game and publish its state.
 */
export async function endDueGames(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ gameId: gameInstances.gameId, bookingId: games.bookingId })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    // bookedTimeIsUp (shared/lifecycle/game-states.ts) in SQL; endLive asks the rule itself under the row lock.
    .where(and(eq(gameInstances.status, 'live'), lte(gameInstances.endsAt, now)))
    .limit(100);
  let ended = 0;
  for (const game of due) {
    const { result } = await withBooking(db, { id: game.bookingId }, { actor: { source: 'system', userId: null } }, (write) =>
      endLive(write, game.gameId, 'ticker', now, now),
    );
    if (result !== undefined) ended++;
  }
  return ended;
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
