import type { DbOrTx } from '../../platform/db/client';
import { NotFoundError } from '../../platform/errors';
import { loadGame, publicGame } from './game-state';
import { instanceLeaderboard } from './leaderboard';
import type { PublicGame } from '../../../shared/api/play';
import type { RankedTeam } from '../../../shared/scoring/leaderboard';

/**
 * A game by its code for the outside API (issue 39, games:read): its public state and the ranking of its latest
 * instance by the one rule (0240); `final` once that instance has ended. 404 for an unknown code.
 */
export async function outsideGame(db: DbOrTx, code: string): Promise<{ game: PublicGame; results: { final: boolean; teams: RankedTeam[] } }> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError('Game not found');
  const teams = ctx.instance ? await instanceLeaderboard(db, ctx.instance.id) : [];
  return { game: publicGame(ctx), results: { final: ctx.instance?.status === 'ended', teams } };
}
