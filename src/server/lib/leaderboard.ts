import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { instanceTeams, submissions } from '../db/schema/games';
import { scoreAdjustments } from '../db/schema/scoring';
import { rankTeams, type RankedTeam } from '../../shared/scoring/leaderboard';

/**
 * The leaderboard of one game instance, read once for every screen that shows it (staff scoring page, host
 * console, players, results page): each team's challenge points, chicken points and adjustments, ranked by the one
 * rule in shared/scoring/leaderboard.ts (decision 0240).
 */

/** Each team of the instance with its challenge points (approved submissions) and the sum of its adjustments. */
async function teamScores(db: DbOrTx, instanceId: number) {
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

export async function instanceLeaderboard(db: DbOrTx, instanceId: number): Promise<RankedTeam[]> {
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
