import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { jsonColumn, jsonTimestamp } from '../../platform/db/json-columns';
import { newGameCode } from '../../platform/codes';
import { challengeNames, defaultChallengeIds } from '../catalogue/records';
import { gameChallenges, gameInstances, games, instanceTeams, players, submissions } from './tables/games';
import { itemStations } from './tables/items';
import { publishChallengesChanged } from './play-challenges/challenges-event';
import { INSTANCE_STATUSES, type InstanceStatus } from '../../../shared/api/play';
import { STARTED_STATES } from '../../../shared/lifecycle/game-states';
import { weaponsUnavailable } from '../../../shared/game/items';
import { defaultStations, type DefaultStation } from '../../../shared/game/station-layout';
import type { Circle } from '../../../shared/geo';
import type { PlanType } from '../../../shared/plans';

/**
 * The game's rows as the booking domain reads and writes them: only the game domain queries the game's tables
 * (issue 21). Unlike index.ts this module imports no domain's index, so the booking domain may use it anywhere, its
 * own index included, without an import cycle (decision 0327).
 */

/**
 * A booking's game (at most one: games_booking_idx is unique) with what the booking's records show of it, as a
 * subquery to left-join on `bookingGame.bookingId`, so a record stays one statement. PostgreSQL flattens it, and only
 * the columns a query names are computed.
 */
export const bookingGame = new QueryBuilder()
  .select({
    id: games.id,
    bookingId: games.bookingId,
    code: games.code,
    activated: games.activated,
    weaponsOn: games.weaponsOn,
    chickenKey: games.chickenKey,
    addedChallenges:
      sql`coalesce((select json_agg(${gameChallenges.challengeId} order by ${gameChallenges.position}) from ${gameChallenges} where ${eq(gameChallenges.gameId, games.id)}), '[]'::json)`.as(
        'added_challenges',
      ),
    /** How many item stations the game has (the set-up status on every screen, 0335). */
    stationsCount: sql`(select count(*)::int from ${itemStations} where ${eq(itemStations.gameId, games.id)})`.as('stations_count'),
    hasLiveInstance:
      sql`exists (select 1 from ${gameInstances} where ${eq(gameInstances.gameId, games.id)} and ${inArray(gameInstances.status, [...STARTED_STATES])})`.as(
        'has_live_instance',
      ),
    /** The latest instance's status, end time and booked end: the game's lifecycle state (shared/lifecycle/game-states.ts). */
    latestInstance:
      sql`(select json_build_array(${gameInstances.status}, ${gameInstances.endTime}, ${gameInstances.endsAt}) from ${gameInstances} where ${eq(gameInstances.gameId, games.id)} order by ${desc(gameInstances.id)} limit 1)`.as(
        'latest_instance',
      ),
  })
  .from(games)
  .as('booking_game');

/** The fields of `bookingGame` a booking record selects, as one object (null when the left join found no game). */
export const bookingGameFields = {
  id: bookingGame.id,
  bookingId: bookingGame.bookingId,
  code: bookingGame.code,
  activated: bookingGame.activated,
  weaponsOn: bookingGame.weaponsOn,
  chickenKey: bookingGame.chickenKey,
  addedChallenges: bookingGame.addedChallenges,
  hasLiveInstance: bookingGame.hasLiveInstance,
  stationsCount: bookingGame.stationsCount,
  latestInstance: bookingGame.latestInstance,
};

/** What the booking record needs of its game's latest instance. */
export type LatestInstance = { status: InstanceStatus; endTime: Date | null; endsAt: Date | null };

const gameParts = z.object({
  addedChallenges: jsonColumn(z.array(z.number())),
  hasLiveInstance: z.boolean(),
  stationsCount: z.number().int(),
  latestInstance: jsonColumn(
    z
      .tuple([z.enum(INSTANCE_STATUSES), jsonTimestamp.nullable(), jsonTimestamp.nullable()])
      .transform(([status, endTime, endsAt]): LatestInstance => ({ status, endTime, endsAt }))
      .nullable(),
  ),
});

export type GameRow = typeof games.$inferSelect;
type GamePart = keyof z.infer<typeof gameParts>;
type SelectedGame = Pick<GameRow, 'id' | 'bookingId' | 'code' | 'activated' | 'weaponsOn' | 'chickenKey'> & { [K in GamePart]: unknown };
/** A booking's game as its records show it. */
export type BookingGame = Omit<SelectedGame, GamePart> & z.infer<typeof gameParts>;

/** Decodes the json parts of a row selected with `bookingGameFields`. */
export function toBookingGame(row: SelectedGame): BookingGame {
  return { ...row, ...gameParts.parse(row) };
}

/** The games of these bookings, by booking id. */
export async function bookingGamesOf(db: DbOrTx, bookingIds: number[]): Promise<Map<number, BookingGame>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select(bookingGameFields).from(bookingGame).where(inArray(bookingGame.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, toBookingGame(row)]));
}

/** The booking id of a game code, as a scalar subquery (one row at most: codes are unique). */
export function bookingIdOfGameCode(code: SQLWrapper | string): SQL {
  return sql`(select ${games.bookingId} from ${games} where ${games.code} = ${code} limit 1)`;
}

/** Whether the booking (its id column or value) has an activated game. */
export function hasActivatedGame(bookingId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${games} where ${games.bookingId} = ${bookingId} and ${games.activated})`;
}

export async function gameOfBooking(tx: DbOrTx, bookingId: number, lock: 'lock' | 'read' = 'read'): Promise<GameRow | undefined> {
  const query = tx.select().from(games).where(eq(games.bookingId, bookingId)).limit(1);
  const rows = lock === 'lock' ? await query.for('update') : await query;
  return rows[0];
}

/** What staff and the booker may set on a game besides its challenges. */
export async function updateGame(tx: DbOrTx, gameId: number, values: Partial<Pick<GameRow, 'activated' | 'weaponsOn'>>): Promise<void> {
  await tx.update(games).set(values).where(eq(games.id, gameId));
}

/** The booker's challenge picks, in their order. */
export async function replaceGameChallenges(tx: DbOrTx, gameId: number, ids: number[]): Promise<void> {
  await tx.delete(gameChallenges).where(eq(gameChallenges.gameId, gameId));
  if (ids.length) await tx.insert(gameChallenges).values(ids.map((challengeId, position) => ({ gameId, challengeId, position })));
  // The phones of a game in play hear of it at once (issue 36).
  await publishChallengesChanged(tx, gameId);
}

/** Whether the game (by its id, or its booking's) was played or is being played; a lobby is not a start. */
export async function gameHasStarted(tx: DbOrTx, of: { gameId: number } | { bookingId: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(and('gameId' in of ? eq(games.id, of.gameId) : eq(games.bookingId, of.bookingId), inArray(gameInstances.status, [...STARTED_STATES])))
    .limit(1);
  return rows.length > 0;
}

/**
 * The booking's game, created on first need with an unused code and the default challenges. `newCode` is the code
 * generator (a test hands in one that clashes first).
 */
export async function ensureGame(
  tx: Tx,
  bookingId: number,
  initial: { weaponsOn?: boolean } = {},
  newCode: () => string = newGameCode,
): Promise<{ gameId: number; gameCode: string; createdGame: boolean }> {
  const existing = await gameOfBooking(tx, bookingId);
  if (existing) return { gameId: existing.id, gameCode: existing.code, createdGame: false };
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint: a clash aborts only the insert, not the payment's transaction, so the next code can be tried.
      const [game] = await tx.transaction((sp) =>
        sp
          .insert(games)
          .values({ bookingId, code: newCode(), weaponsOn: initial.weaponsOn ?? false })
          .returning({ id: games.id, code: games.code }),
      );
      if (!game) throw new Error('game not created');
      const defaults = await defaultChallengeIds(tx);
      if (defaults.length) {
        await tx.insert(gameChallenges).values(defaults.map((challengeId, position) => ({ gameId: game.id, challengeId, position })));
      }
      return { gameId: game.id, gameCode: game.code, createdGame: true };
    } catch (error) {
      // 50 random bits make a clash vanishingly rare; retry a few times rather than fail a payment.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** What the default stations depend on, from the game's booking (the caller has it: the booking domain's write). */
export type StationBooking = { planType: PlanType; area: Circle; players: number };

const samePlace = (a: { lat: number; lng: number; kind: string }, b: DefaultStation) =>
  a.kind === b.kind && Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.lng - b.lng) < 1e-9;

/**
 * Gives a game with power-ups its default item stations (decision 0335), in the caller's transaction. Called whenever
 * what they depend on may have changed: the payment that makes the game, weapons turned on, the area or players
 * changed. Nothing happens when weapons are off or the plan has none, or once staff or the host changed a station by
 * hand (theirs win). A game without stations gets them, even live (weapons turned on mid-game); a game that has
 * them keeps them once it started (stations never jump under the players' feet), else they follow the area.
 * Returns how many stations the game has.
 */
export async function syncDefaultStations(tx: DbOrTx, gameId: number, booking: StationBooking): Promise<number> {
  const [game] = await tx.select({ weaponsOn: games.weaponsOn, edited: games.stationsEdited }).from(games).where(eq(games.id, gameId));
  const existing = await tx.select().from(itemStations).where(eq(itemStations.gameId, gameId)).orderBy(asc(itemStations.id));
  if (!game || game.edited || weaponsUnavailable({ plan_type: booking.planType, weapons_on: game.weaponsOn })) return existing.length;
  const wanted = defaultStations(booking.area, booking.players, gameId);
  if (
    existing.length === wanted.length &&
    existing.every((s, i) => {
      const w = wanted[i];
      return w !== undefined && samePlace(s, w);
    })
  )
    return existing.length;
  if (existing.length > 0 && (await gameHasStarted(tx, { gameId }))) return existing.length;
  await tx.delete(itemStations).where(eq(itemStations.gameId, gameId));
  await tx.insert(itemStations).values(wanted.map((s) => ({ gameId, kind: s.kind, lat: s.lat, lng: s.lng, label: s.label })));
  return wanted.length;
}

/** Staff or the host changed a station by hand: from now on the game's stations are theirs. */
export async function markStationsEdited(tx: DbOrTx, gameId: number): Promise<void> {
  await tx.update(games).set({ stationsEdited: true }).where(eq(games.id, gameId));
}

/**
 * What proves a booking's game was played, for its dispute pack (issue 41): each round's start and end, how many
 * players joined, and the check-ins at the challenges' places (team, place, time). No positions.
 */
export async function playedGameFacts(db: DbOrTx, bookingId: number) {
  const rounds = await db
    .select({
      id: gameInstances.id,
      status: gameInstances.status,
      startTime: gameInstances.startTime,
      endTime: gameInstances.endTime,
      endsAt: gameInstances.endsAt,
    })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(eq(games.bookingId, bookingId))
    .orderBy(asc(gameInstances.id));
  const ids = rounds.map((r) => r.id);
  if (ids.length === 0) return { rounds, players: 0, checkIns: [] };
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(and(inArray(players.instanceId, ids), eq(players.role, 'player')));
  const rows = await db
    .select({ team: instanceTeams.name, challengeId: submissions.challengeId, at: submissions.submittedAt })
    .from(submissions)
    .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
    .where(and(inArray(submissions.instanceId, ids), eq(submissions.kind, 'check_in')))
    .orderBy(asc(submissions.submittedAt));
  const names = await challengeNames(db, [...new Set(rows.flatMap((r) => (r.challengeId === null ? [] : [r.challengeId])))]);
  const checkIns = rows.map((r) => ({ team: r.team, place: r.challengeId === null ? null : (names.get(r.challengeId) ?? null), at: r.at }));
  return { rounds, players: counted?.n ?? 0, checkIns };
}
