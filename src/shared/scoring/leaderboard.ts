/**
 * Team totals and the leaderboard order, one rule for the admin scoring page, the host console, the players'
 * screens and the results page (decision 0240).
 *
 * total = challenge points + chicken points + adjustments − spent (the points a team paid for hints, 0581).
 * Order: higher total first; on equal totals the team that found the Chicken earlier first (finding it beats not
 * finding it); then more challenge points; then the name (case-insensitive), then the id, so the order is stable.
 * Teams equal on total and on when they found the Chicken share a rank (1, 1, 3).
 */
export type TeamScore = {
  id: number;
  name: string;
  challenge_points: number;
  chicken_points: number;
  adjustments: number;
  found_chicken_at: string | null;
  /** Points the team spent (hints taken on request: shared/scoring/hint-cost.ts); absent: none. */
  spent?: number | undefined;
};

export type RankedTeam<T extends TeamScore = TeamScore> = T & { total: number; rank: number };

export function teamTotal(team: Pick<TeamScore, 'challenge_points' | 'chicken_points' | 'adjustments' | 'spent'>): number {
  return team.challenge_points + team.chicken_points + team.adjustments - (team.spent ?? 0);
}

const foundTime = (at: string | null) => (at === null ? Number.POSITIVE_INFINITY : Date.parse(at));

function compare(a: RankedTeam<TeamScore>, b: RankedTeam<TeamScore>): number {
  return (
    b.total - a.total ||
    foundTime(a.found_chicken_at) - foundTime(b.found_chicken_at) ||
    b.challenge_points - a.challenge_points ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    a.id - b.id
  );
}

/** The teams best first, each with its total and rank; whatever else a team carries (players, seats) stays on it. */
export function rankTeams<T extends TeamScore>(teams: readonly T[]): RankedTeam<T>[] {
  const sorted: RankedTeam<T>[] = teams.map((t) => ({ ...t, total: teamTotal(t), rank: 0 })).sort(compare);
  sorted.forEach((team, i) => {
    const prev = sorted[i - 1];
    const tied = prev !== undefined && prev.total === team.total && foundTime(prev.found_chicken_at) === foundTime(team.found_chicken_at);
    team.rank = tied ? prev.rank : i + 1;
  });
  return sorted;
}

/** The winning teams: those ranked 1st by the one rule (several on a tie); none without teams. */
export function winnersOf<T extends TeamScore>(teams: readonly T[]): RankedTeam<T>[] {
  return rankTeams(teams).filter((t) => t.rank === 1);
}

/** The winner as the prize-giving announces it: "Winner: Foxes, 60 points", or the tied teams "and"-joined. */
export function winnerText(teams: readonly TeamScore[]): string | null {
  const won = winnersOf(teams);
  const first = won[0];
  if (!first) return null;
  const names = won.map((t) => t.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return won.length === 1 ? `Winner: ${list}, ${first.total} points` : `Winners: ${list}, ${first.total} points each`;
}

/**
 * Chicken points for the n-th team to find the Chicken (1 = first): the first find is worth most, so the hunt
 * stays a race after the first team got there.
 */
export const CHICKEN_POINTS_BY_ORDER = [50, 30, 20] as const;
export const CHICKEN_POINTS_LATER = 10;

export function chickenPointsFor(findOrder: number): number {
  if (!Number.isInteger(findOrder) || findOrder < 1) throw new RangeError('find order starts at 1');
  return CHICKEN_POINTS_BY_ORDER[findOrder - 1] ?? CHICKEN_POINTS_LATER;
}
