import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { gameInstances, instanceTeams, players, submissions } from './tables/games';
import { instanceLeaderboards } from './leaderboard';

/** Everything the heartbeat shows of a game's instances, in five queries whatever their number. */
export async function loadHeartbeatRows(tx: DbOrTx, gameId: number) {
  const instances = await tx
    .select()
    .from(gameInstances)
    .where(eq(gameInstances.gameId, gameId))
    .orderBy(desc(gameInstances.startTime), desc(gameInstances.id));
  const ids = instances.map((i) => i.id);
  if (!ids.length) return { instances, teams: await instanceLeaderboards(tx, []), players: [], counts: [], latest: [] };
  const [teamRows, playerRows, counts, latest] = await Promise.all([
    instanceLeaderboards(tx, ids),
    tx
      .select({ id: players.id, instanceId: players.instanceId, name: players.name, ready: players.ready })
      .from(players)
      .where(inArray(players.instanceId, ids))
      .orderBy(asc(players.id)),
    tx
      .select({ instanceId: submissions.instanceId, n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(inArray(submissions.instanceId, ids))
      .groupBy(submissions.instanceId),
    tx
      .selectDistinctOn([submissions.instanceId], {
        instanceId: submissions.instanceId,
        teamName: instanceTeams.name,
        submittedAt: submissions.submittedAt,
        status: submissions.status,
        pointsAwarded: submissions.pointsAwarded,
      })
      .from(submissions)
      .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
      .where(and(inArray(submissions.instanceId, ids)))
      .orderBy(submissions.instanceId, desc(submissions.submittedAt), desc(submissions.id)),
  ]);
  return { instances, teams: teamRows, players: playerRows, counts, latest };
}
