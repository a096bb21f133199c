import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { gameInstances, games, instanceTeams, submissions } from '../../db/schema/games';
import { scoreAdjustments } from '../../db/schema/scoring';
import { users } from '../../db/schema/users';

const instanceColumns = {
  id: gameInstances.id,
  gameId: games.id,
  gameCode: games.code,
  bookingName: bookings.fullName,
  status: gameInstances.status,
  startTime: gameInstances.startTime,
  endTime: gameInstances.endTime,
};

function instancesQuery(db: DbOrTx) {
  return db
    .select(instanceColumns)
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(bookings, eq(bookings.id, games.bookingId));
}
export type InstanceRow = NonNullable<Awaited<ReturnType<typeof findInstance>>> & { teamsCount: number };

/** Teams per instance, for the given instances. */
export async function teamCounts(db: DbOrTx, instanceIds: number[]): Promise<Map<number, number>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db
    .select({ instanceId: instanceTeams.instanceId, n: count() })
    .from(instanceTeams)
    .where(inArray(instanceTeams.instanceId, instanceIds))
    .groupBy(instanceTeams.instanceId);
  return new Map(rows.map((r) => [r.instanceId, r.n]));
}

/** Live ones first, then the newest: what staff look at during and after a game. */
export function listInstances(db: DbOrTx, limit = 100) {
  return instancesQuery(db)
    .orderBy(sql`case ${gameInstances.status} when 'live' then 0 when 'lobby' then 1 else 2 end`, desc(gameInstances.startTime), desc(gameInstances.id))
    .limit(limit);
}

export async function findInstance(db: DbOrTx, id: number) {
  const [row] = await instancesQuery(db).where(eq(gameInstances.id, id)).limit(1);
  return row;
}

/** Each team of the instance with its challenge points (approved submissions) and the sum of its adjustments. */
export async function teamScores(db: DbOrTx, instanceId: number) {
  const [teams, challengePoints, adjustments] = await Promise.all([
    db.select().from(instanceTeams).where(eq(instanceTeams.instanceId, instanceId)).orderBy(asc(instanceTeams.id)),
    db
      .select({ teamId: submissions.teamId, n: sql<number>`coalesce(sum(${submissions.pointsAwarded}), 0)::int` })
      .from(submissions)
      .where(and(eq(submissions.instanceId, instanceId), eq(submissions.status, 'approved')))
      .groupBy(submissions.teamId),
    db
      .select({ teamId: scoreAdjustments.teamId, n: sql<number>`coalesce(sum(${scoreAdjustments.points}), 0)::int` })
      .from(scoreAdjustments)
      .innerJoin(instanceTeams, eq(instanceTeams.id, scoreAdjustments.teamId))
      .where(eq(instanceTeams.instanceId, instanceId))
      .groupBy(scoreAdjustments.teamId),
  ]);
  const byTeam = (rows: { teamId: number; n: number }[]) => new Map(rows.map((r) => [r.teamId, r.n]));
  const points = byTeam(challengePoints);
  const adjusted = byTeam(adjustments);
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    chickenPoints: t.chickenPoints,
    foundChickenAt: t.foundChickenAt,
    challengePoints: points.get(t.id) ?? 0,
    adjustments: adjusted.get(t.id) ?? 0,
  }));
}

export function listAdjustments(db: DbOrTx, instanceId: number) {
  return db
    .select({ adjustment: scoreAdjustments, actorName: users.name })
    .from(scoreAdjustments)
    .innerJoin(instanceTeams, eq(instanceTeams.id, scoreAdjustments.teamId))
    .leftJoin(users, eq(users.id, scoreAdjustments.actorId))
    .where(eq(instanceTeams.instanceId, instanceId))
    .orderBy(desc(scoreAdjustments.createdAt), desc(scoreAdjustments.id));
}

export async function insertAdjustment(tx: DbOrTx, values: { teamId: number; points: number; reason: string; actorId: number }) {
  const [row] = await tx.insert(scoreAdjustments).values(values).returning();
  if (!row) throw new Error('adjustment not inserted');
  return row;
}

export async function gameOfInstance(tx: DbOrTx, instanceId: number) {
  const [row] = await tx
    .select({ code: games.code, bookingId: games.bookingId })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  return row;
}
