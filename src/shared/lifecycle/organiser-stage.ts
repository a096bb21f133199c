import type { GameState } from './game-states';

/**
 * Where a paid game stands, in the organiser page's words (issue 28: after the game it still said "Activated" and
 * "ready when the game is over"). From the game's lifecycle state first: once it went live or ended, whether the
 * organiser activated it no longer matters.
 */
export type OrganiserStage = 'setup' | 'activated' | 'live' | 'over';

export function organiserStage(game: { activated: boolean; status: GameState } | null): OrganiserStage {
  if (game?.status === 'ended') return 'over';
  if (game?.status === 'live') return 'live';
  return game?.activated ? 'activated' : 'setup';
}

export const ORGANISER_STAGE_LABELS: Record<OrganiserStage, string> = {
  setup: 'Set-up in progress',
  activated: 'Activated',
  live: 'Game live',
  over: 'Game over',
};
