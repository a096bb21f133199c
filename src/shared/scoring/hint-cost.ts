import type { Hint } from '../game/hints';

/**
 * What a team's request for a hint costs (decision 0581): its cost, once per team and hint; nothing for a hint the
 * game's time has already shown to everyone, nothing for one the team already took. The team's total subtracts what
 * it spent (shared/scoring/leaderboard.ts teamTotal); the database keeps one take per team and hint, so a race of
 * two requests charges once.
 */
export function hintCharge(hint: Pick<Hint, 'cost'>, facts: { releasedByTime: boolean; alreadyTaken: boolean }): number {
  if (facts.releasedByTime || facts.alreadyTaken || hint.cost === null) return 0;
  return hint.cost;
}
