import type { Db } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { NotFoundError } from '../../../platform/errors';
import { challengePointsOf, lockTeam, publishTeamPoints, refreshTeamPoints, spentOf } from '../team-points';
import { ADJUSTMENT_MESSAGES, type Adjustment, type Leaderboard, type ScoringInstance } from '../../../../shared/api/scoring';
import { teamTotal } from '../../../../shared/scoring/leaderboard';
import { instanceLeaderboard } from '../leaderboard';
import { findInstance, gameOfInstance, insertAdjustment, listAdjustments, listInstances, teamCounts, type InstanceRow } from './admin-scoring-repository';

function toInstance(row: InstanceRow): ScoringInstance {
  return {
    id: row.id,
    game_id: row.gameId,
    game_code: row.gameCode,
    booking_name: row.bookingName,
    status: row.status,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    teams_count: row.teamsCount,
  };
}

export async function getInstances(db: Db): Promise<{ instances: ScoringInstance[] }> {
  const rows = await listInstances(db);
  const counts = await teamCounts(
    db,
    rows.map((r) => r.id),
  );
  return { instances: rows.map((r) => toInstance({ ...r, teamsCount: counts.get(r.id) ?? 0 })) };
}

/** The leaderboard of one instance, ordered by the one rule (shared/scoring/leaderboard.ts); final once ended. */
export async function getLeaderboard(db: Db, instanceId: number): Promise<Leaderboard> {
  const found = await findInstance(db, instanceId);
  if (!found) throw new NotFoundError(ADJUSTMENT_MESSAGES.instanceNotFound);
  const [teams, adjustments] = await Promise.all([instanceLeaderboard(db, instanceId), listAdjustments(db, instanceId)]);
  const instance = { ...found, teamsCount: teams.length };
  return {
    instance: toInstance(instance),
    final: instance.status === 'ended',
    teams,
    adjustments: adjustments.map(({ adjustment: a, actorName }): Adjustment => ({
      id: a.id,
      team_id: a.teamId,
      points: a.points,
      reason: a.reason,
      actor_name: actorName,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

/** Adds (or takes) points by hand with a reason: a row of its own, the team's points recomputed, the activity log. */
export async function adjustTeam(db: Db, actorId: number, teamId: number, input: { points: number; reason: string }) {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new NotFoundError(ADJUSTMENT_MESSAGES.teamNotFound);
    const row = await insertAdjustment(tx, { teamId, points: input.points, reason: input.reason, actorId });
    const after = await refreshTeamPoints(tx, teamId);
    await publishTeamPoints(tx, team.instanceId);
    const game = await gameOfInstance(tx, team.instanceId);
    await recordActivity(tx, {
      actorId,
      action: 'team.score_adjust',
      entityType: 'team',
      entityId: teamId,
      before: { points: team.points },
      after: { points: after.points, adjustment: input.points, reason: input.reason, team: team.name, game_code: game?.code ?? null },
    });
    const challengePoints = await challengePointsOf(tx, teamId);
    return {
      adjustment: { id: row.id, team_id: teamId, points: row.points, reason: row.reason, actor_name: null, created_at: row.createdAt.toISOString() },
      team: {
        id: teamId,
        name: team.name,
        total: teamTotal({
          challenge_points: challengePoints,
          chicken_points: team.chickenPoints,
          adjustments: after.points - challengePoints,
          spent: await spentOf(tx, teamId),
        }),
      },
    };
  });
}
