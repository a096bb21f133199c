import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { gameBooking } from '../booking';
import { gameBookingOn } from './booking-join';
import { gameInstances, games, instanceTeams, submissions } from './tables/games';
import { publishTeams } from './game-lifecycle';
import { scoreAdjustments } from './tables/scoring';
import { hintTakes } from './tables/hints';

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

/** Points the team spent on hints (decision 0581); its total subtracts them (shared/scoring/leaderboard.ts). */
export async function spentOf(tx: DbOrTx, teamId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${hintTakes.cost}), 0)::int` })
    .from(hintTakes)
    .where(eq(hintTakes.teamId, teamId));
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

/**
 * Tells every screen of the instance's game the teams' new points (a `teams` event), inside the transaction that
 * changed them: a staff adjustment moves the players' and the host's leaderboards live too (issue 14).
 */
export async function publishTeamPoints(tx: DbOrTx, instanceId: number): Promise<void> {
  const [row] = await tx
    .select({ gameId: games.id, players: gameBooking.players })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(gameBooking, gameBookingOn)
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  if (row) await publishTeams(tx, row.gameId, instanceId, row.players);
}
