import type { DbOrTx } from '../../platform/db/client';
import { rankTeams, type RankedTeam, type TeamScore } from '../../../shared/scoring/leaderboard';
import { teamScoreOf, teamsOfInstances, teamsWithCounts } from './game-state';

/**
 * The leaderboard of one game instance, ranked on the server for the screens that do not rank themselves (staff
 * scoring page, heartbeat, results page and mail). The scores are the same read every live payload carries
 * (game-state.ts teamsWithCounts), ranked by the one rule in shared/scoring/leaderboard.ts (decision 0240).
 */
export async function instanceLeaderboard(db: DbOrTx, instanceId: number): Promise<RankedTeam[]> {
  return rankTeams((await teamsWithCounts(db, instanceId)).map(teamScoreOf));
}

/** The leaderboards of several instances in one read (the heartbeat), by instance id. */
export async function instanceLeaderboards(db: DbOrTx, instanceIds: readonly number[]): Promise<Map<number, RankedTeam<TeamScore & { points: number }>[]>> {
  const rows = await teamsOfInstances(db, instanceIds);
  return new Map(
    instanceIds.map((id) => [
      id,
      rankTeams(rows.filter((t) => t.instanceId === id).map((t) => ({ ...teamScoreOf(t), points: t.challengePoints + t.adjustments }))),
    ]),
  );
}

/** The leaderboards of several instances, each team with its players (staff's teams list), by instance id. */
export async function rankedTeamsOfInstances(db: DbOrTx, instanceIds: readonly number[]): Promise<Map<number, RankedTeam<TeamScore & { players: number }>[]>> {
  const rows = await teamsOfInstances(db, instanceIds);
  return new Map(instanceIds.map((id) => [id, rankTeams(rows.filter((t) => t.instanceId === id).map((t) => ({ ...teamScoreOf(t), players: t.players })))]));
}
