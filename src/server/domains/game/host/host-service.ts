import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { gameInstances, games } from '../tables/games';
import { chatMessageOf, insertMessage } from '../chat/chat-repository';
import { recordActivity, mayRunGame } from '../../identity';
import { gameBooking, withBooking, staffTrigger } from '../../booking';
import { gameBookingOn } from '../booking-join';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors';
import { publishGameEvent } from '../game-events';
import { endGame, resumeGame, startGame } from '../game-lifecycle';
import { loadGame, publicGame, type GameContext } from '../game-state';
import type { SessionUser } from '../../identity';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import { PAID_STATUSES } from '../../../../shared/lifecycle/booking-states';
import type { HostGameRow } from '../../../../shared/api/host';
import type { GameMessage, PublicGame } from '../../../../shared/api/play';

/**
 * The host console (docs/decisions/0223-host-rights.md): admins run any game, hosts the games assigned to them. A
 * host sees the game, its teams and players (the Chicken too) and the booking's meeting details, never prices,
 * payments, notes or the booker's email: the console's answer has no field for them.
 */

/** The game of a code that this user may run: 404 for an unknown code, 403 for a game not theirs. */
export async function gameForStaff(db: Db, user: SessionUser, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!mayRunGame(user, ctx.booking.assignedHostId)) throw new ForbiddenError(GAME_MESSAGES.hostOnly);
  return ctx;
}

/** The games this user may run, soonest first: for a host the assigned ones; for an admin every paid game. */
export async function listGames(db: Db, user: SessionUser): Promise<HostGameRow[]> {
  const latest = db
    .selectDistinctOn([gameInstances.gameId], { id: gameInstances.id, gameId: gameInstances.gameId, status: gameInstances.status })
    .from(gameInstances)
    .orderBy(gameInstances.gameId, desc(gameInstances.id))
    .as('latest');
  const mine = user.isAdmin ? undefined : eq(gameBooking.assignedHostId, user.id);
  const rows = await db
    .select({
      code: games.code,
      name: gameBooking.fullName,
      date: gameBooking.date,
      city: gameBooking.city,
      instanceId: latest.id,
      status: latest.status,
      players: sql<number>`(select count(*)::int from players p where p.instance_id = "latest"."id" and p.role <> 'chicken')`,
      teams: sql<number>`(select count(*)::int from instance_teams it where it.instance_id = "latest"."id")`,
    })
    .from(games)
    .innerJoin(gameBooking, gameBookingOn)
    .leftJoin(latest, eq(latest.gameId, games.id))
    .where(and(inArray(gameBooking.status, [...PAID_STATUSES]), mine))
    .orderBy(desc(gameBooking.date), desc(games.id))
    .limit(200);
  return rows.map((r) => ({
    code: r.code,
    booking_name: r.name,
    date: r.date,
    city: r.city,
    status: r.instanceId && r.status ? r.status : 'not_started',
    players_count: r.players ?? 0,
    teams_count: r.teams ?? 0,
  }));
}

/** Start Game from the console: the admin's rule and messages, the host as the actor of the booking's entry. */
export async function start(db: Db, user: SessionUser, ctx: GameContext): Promise<PublicGame> {
  await withBooking(db, { id: ctx.booking.id }, { actor: { source: 'staff', userId: user.id } }, (write) => startGame(write, staffTrigger(user)));
  const after = await loadGame(db, ctx.game.code);
  if (!after) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  return publicGame(after);
}

export function end(db: Db, user: SessionUser, ctx: GameContext): Promise<PublicGame> {
  return endGame(db, { gameId: ctx.game.id, actorId: user.id, bookingId: ctx.booking.id, by: staffTrigger(user) });
}

/** Resume Game from the console: an accidental End undone within 30 minutes (the admin's rule and messages). */
export function resume(db: Db, user: SessionUser, ctx: GameContext): Promise<PublicGame> {
  return resumeGame(db, { gameId: ctx.game.id, actorId: user.id, bookingId: ctx.booking.id, by: staffTrigger(user) });
}

/** A message to every player of the game's current instance (a lobby or live game; an ended game has no audience). */
export async function sendMessage(db: Db, user: SessionUser, ctx: GameContext, text: string): Promise<GameMessage> {
  const instance = ctx.instance;
  if (!instance || instance.status === 'ended')
    throw new ConflictError(instance ? GAME_MESSAGES.alreadyEnded : GAME_MESSAGES.gameNotLive, instance ? 'game_ended' : 'game_not_live');
  return db.transaction(async (tx) => {
    const row = await insertMessage(tx, { instanceId: instance.id, channel: 'all', text, authorId: user.id });
    const message = chatMessageOf(row, null);
    await publishGameEvent(tx, { gameId: ctx.game.id, instanceId: instance.id, type: 'message', data: message, meta: { channel: 'all' } });
    await recordActivity(tx, {
      actorId: user.id,
      action: 'game.message',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      after: { text },
    });
    return message;
  });
}
