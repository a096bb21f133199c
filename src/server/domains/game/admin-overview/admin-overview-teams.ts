import type { Db } from '../../../platform/db/client';
import type { TeamOverview } from '../../../../shared/api/admin-overview';
import { rankedTeamsOfInstances } from '../leaderboard';
import { matchingTeamsOf, matchingTeamsPerInstance, type GameFilter, type Page } from './admin-overview-repository';

/**
 * Staff's /admin/teams (issue 28): every team with the one total and its rank in its game (decision 0240),
 * the newest game first and each game's teams best first. Ranks are over the whole game, whatever the search keeps,
 * so a team is 2nd of its game on this list as on every other screen. Paging counts teams: the page's games are found
 * from per-game counts, then only their leaderboards are read.
 */
export async function listRankedTeams(db: Db, page: Page, filter: GameFilter): Promise<{ teams: TeamOverview[]; total: number }> {
  const perInstance = await matchingTeamsPerInstance(db, filter);
  const total = perInstance.reduce((sum, i) => sum + i.n, 0);
  const start = (page.page - 1) * page.perPage;
  const end = start + page.perPage;
  const chosen: number[] = [];
  let seen = 0;
  let firstAt = 0;
  for (const { instanceId, n } of perInstance) {
    if (seen >= end) break;
    if (seen + n > start) {
      if (chosen.length === 0) firstAt = seen;
      chosen.push(instanceId);
    }
    seen += n;
  }
  const [rows, boards] = await Promise.all([matchingTeamsOf(db, filter, chosen), rankedTeamsOfInstances(db, chosen)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = chosen.flatMap((instanceId) =>
    (boards.get(instanceId) ?? []).flatMap((ranked) => {
      const row = byId.get(ranked.id);
      if (!row) return [];
      return [
        {
          id: ranked.id,
          booking_id: row.booking.id,
          booking_name: row.booking.fullName,
          booking_email: row.booking.email,
          name: ranked.name,
          game_code: row.gameCode,
          status: row.status,
          rank: ranked.rank,
          total: ranked.total,
          challenge_points: ranked.challenge_points,
          chicken_points: ranked.chicken_points,
          adjustments: ranked.adjustments,
          players_count: ranked.players,
          found_chicken_at: ranked.found_chicken_at,
          created_at: row.createdAt.toISOString(),
        },
      ];
    }),
  );
  return { teams: ordered.slice(start - firstAt, start - firstAt + page.perPage), total };
}
