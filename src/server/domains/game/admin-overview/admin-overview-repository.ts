import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { GameStatus } from '../../../../shared/api/play';
import type { Db } from '../../../platform/db/client';
import { gameBooking } from '../../booking';
import { gameBookingOn } from '../booking-join';
import { gameInstances, games, instanceTeams } from '../tables/games';

export type Page = { page: number; perPage: number };
const offset = (p: Page) => (p.page - 1) * p.perPage;
const count = sql<number>`count(*)::int`;

export type GameFilter = { search?: string | undefined; status?: GameStatus | undefined };

/** The latest instance of each game (lobby, live or ended). */
function latestInstances(db: Db) {
  return db
    .selectDistinctOn([gameInstances.gameId], {
      id: gameInstances.id,
      gameId: gameInstances.gameId,
      status: gameInstances.status,
      startTime: gameInstances.startTime,
      endsAt: gameInstances.endsAt,
      endTime: gameInstances.endTime,
    })
    .from(gameInstances)
    .orderBy(gameInstances.gameId, desc(gameInstances.id))
    .as('latest');
}

const like = (search: string) => `%${search.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listGames(db: Db, p: Page, filter: GameFilter) {
  const latest = latestInstances(db);
  const conditions: SQL[] = [];
  if (filter.search) {
    const term = like(filter.search);
    const match = or(ilike(games.code, term), ilike(gameBooking.fullName, term), ilike(gameBooking.email, term), ilike(gameBooking.city, term));
    if (match) conditions.push(match);
  }
  if (filter.status === 'not_started') conditions.push(isNull(latest.id));
  else if (filter.status) conditions.push(eq(latest.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const base = () => db.select({ n: count }).from(games).innerJoin(gameBooking, gameBookingOn).leftJoin(latest, eq(latest.gameId, games.id));
  const [rows, total] = await Promise.all([
    db
      .select({
        game: games,
        booking: {
          id: gameBooking.id,
          fullName: gameBooking.fullName,
          email: gameBooking.email,
          city: gameBooking.city,
          date: gameBooking.date,
          players: gameBooking.players,
        },
        instance: { id: latest.id, status: latest.status, startTime: latest.startTime, endsAt: latest.endsAt, endTime: latest.endTime },
        players: sql<number>`(select count(*)::int from players p where p.instance_id = "latest"."id")`,
        teams: sql<number>`(select count(*)::int from instance_teams it where it.instance_id = "latest"."id")`,
      })
      .from(games)
      .innerJoin(gameBooking, gameBookingOn)
      .leftJoin(latest, eq(latest.gameId, games.id))
      .where(where)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(p.perPage)
      .offset(offset(p)),
    base().where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The teams staff's list filters to: a team name, game code or booking name or email; by the instance's status. */
function teamCondition(filter: GameFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    const term = like(filter.search);
    const match = or(ilike(instanceTeams.name, term), ilike(games.code, term), ilike(gameBooking.fullName, term), ilike(gameBooking.email, term));
    if (match) conditions.push(match);
  }
  // Teams exist only in an instance: 'not_started' matches none.
  if (filter.status === 'not_started') conditions.push(sql`false`);
  else if (filter.status) conditions.push(eq(gameInstances.status, filter.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** How many teams of each instance match, the newest instance first: what the teams list pages through. */
export function matchingTeamsPerInstance(db: Db, filter: GameFilter): Promise<{ instanceId: number; n: number }[]> {
  return db
    .select({ instanceId: instanceTeams.instanceId, n: count })
    .from(instanceTeams)
    .innerJoin(gameInstances, eq(gameInstances.id, instanceTeams.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(gameBooking, gameBookingOn)
    .where(teamCondition(filter))
    .groupBy(instanceTeams.instanceId)
    .orderBy(desc(instanceTeams.instanceId));
}

/** The matching teams of these instances with their game and booking (their scores come from the leaderboard). */
export function matchingTeamsOf(db: Db, filter: GameFilter, instanceIds: number[]) {
  if (instanceIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: instanceTeams.id,
      instanceId: instanceTeams.instanceId,
      createdAt: instanceTeams.createdAt,
      status: gameInstances.status,
      gameCode: games.code,
      booking: { id: gameBooking.id, fullName: gameBooking.fullName, email: gameBooking.email },
    })
    .from(instanceTeams)
    .innerJoin(gameInstances, eq(gameInstances.id, instanceTeams.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(gameBooking, gameBookingOn)
    .where(and(teamCondition(filter), inArray(instanceTeams.instanceId, instanceIds)));
}
