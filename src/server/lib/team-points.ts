import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { instanceTeams, submissions } from '../db/schema/games';
import { scoreAdjustments } from '../db/schema/scoring';
import { rankTeams, type RankedTeam } from '../../shared/scoring/leaderboard';

/**
 * A team's `points` column is its challenge points plus staff adjustments (chicken points have their own column;
 * shared/scoring/leaderboard.ts adds all three). It is recomputed from the rows, never incremented, inside the
 * transaction that changed them, so a retried or concurrent review can never count twice (decision 0243).
 * Lock the team row first (lockTeam) so two reviews of one team run one after the other.
 */
export async function lockTeam(tx: DbOrTx, teamId: number) {
  const [row] = await tx.select().from(instanceTeams).where(eq(instanceTeams.id, teamId)).for('update');
  return row;
}

export async function challengePointsOf(tx: DbOrTx, teamId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${submissions.pointsAwarded}), 0)::int` })
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.status, 'approved')));
  return row?.n ?? 0;
}

export async function adjustmentsOf(tx: DbOrTx, teamId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${scoreAdjustments.points}), 0)::int` })
    .from(scoreAdjustments)
    .where(eq(scoreAdjustments.teamId, teamId));
  return row?.n ?? 0;
}

export async function refreshTeamPoints(tx: DbOrTx, teamId: number): Promise<{ id: number; name: string; points: number }> {
  const points = (await challengePointsOf(tx, teamId)) + (await adjustmentsOf(tx, teamId));
  const [row] = await tx
    .update(instanceTeams)
    .set({ points })
    .where(eq(instanceTeams.id, teamId))
    .returning({ id: instanceTeams.id, name: instanceTeams.name, points: instanceTeams.points });
  if (!row) throw new Error('team vanished while its points were refreshed');
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

/** The instance's teams in leaderboard order (shared/scoring/leaderboard.ts): the results page and the results mail. */
export async function rankedTeamsOf(db: DbOrTx, instanceId: number): Promise<RankedTeam[]> {
  const scores = await teamScores(db, instanceId);
  return rankTeams(
    scores.map((s) => ({
      id: s.id,
      name: s.name,
      challenge_points: s.challengePoints,
      chicken_points: s.chickenPoints,
      adjustments: s.adjustments,
      found_chicken_at: s.foundChickenAt?.toISOString() ?? null,
    })),
  );
}
