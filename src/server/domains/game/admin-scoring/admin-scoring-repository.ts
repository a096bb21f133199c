import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { gameBooking } from '../../booking';
import { gameBookingOn } from '../booking-join';
import { gameInstances, games, instanceTeams } from '../tables/games';
import { scoreAdjustments } from '../tables/scoring';
import { staffMember } from '../../identity/records';

/** Staff members as the identity domain lets others read them (decision 0545). */
const adjustmentActor = staffMember('adjustment_actor');

const instanceColumns = {
  id: gameInstances.id,
  gameId: games.id,
  gameCode: games.code,
  bookingName: gameBooking.fullName,
  status: gameInstances.status,
  startTime: gameInstances.startTime,
  endTime: gameInstances.endTime,
};

function instancesQuery(db: DbOrTx) {
  return db.select(instanceColumns).from(gameInstances).innerJoin(games, eq(games.id, gameInstances.gameId)).innerJoin(gameBooking, gameBookingOn);
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

export function listAdjustments(db: DbOrTx, instanceId: number) {
  return db
    .select({ adjustment: scoreAdjustments, actorName: adjustmentActor.name })
    .from(scoreAdjustments)
    .innerJoin(instanceTeams, eq(instanceTeams.id, scoreAdjustments.teamId))
    .leftJoin(adjustmentActor, eq(adjustmentActor.id, scoreAdjustments.actorId))
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
