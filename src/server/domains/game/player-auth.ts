import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { gameInstances, games, players } from './tables/games';
import { sha256 } from '../../platform/crypto';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../../platform/errors';
import { isRefusal, type CodeGuesses } from '../../platform/code-guesses';
import { headerValue } from '../../platform/http/request-headers';
import { PLAYER_TOKEN_HEADER } from '../../../shared/api/play';
import { loadGame } from './game-state';
import { GAME_MESSAGES } from '../../../shared/game/teams';
import type { Viewer } from './game-events';

/**
 * Who a player call comes from, by its X-Player-Token (stored only as a hash; decision 0221): shared by the player
 * routes of the live game, the hunt's (the Chicken, the Backpack) and the challenges', so all answer a missing,
 * unknown or foreign token the same way.
 */

/** A player by its token hash, with its instance and game: the one read of every player call. */
export async function findPlayerByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      player: players,
      instance: { id: gameInstances.id, status: gameInstances.status, endsAt: gameInstances.endsAt },
      game: { id: games.id, code: games.code },
    })
    .from(players)
    .innerJoin(gameInstances, eq(gameInstances.id, players.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(eq(players.tokenHash, tokenHash))
    .limit(1);
  return row;
}
export type PlayerAuth = NonNullable<Awaited<ReturnType<typeof findPlayerByToken>>>;

/**
 * The caller's player: 401 without a token or with an unknown one, 404 for an unknown code, 403 when the token is a
 * player of another game (it may not read or write this one).
 */
export async function authenticate(db: Db, code: string, token: string | null): Promise<PlayerAuth> {
  if (!token) throw new UnauthenticatedError(GAME_MESSAGES.playerNotFound);
  const auth = await findPlayerByToken(db, sha256(token));
  if (auth && auth.game.code === code.trim().toUpperCase()) return auth;
  // Only the refusals pay for a second read.
  if (!(await loadGame(db, code))) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!auth) throw new UnauthenticatedError(GAME_MESSAGES.playerNotFound);
  throw new ForbiddenError(GAME_MESSAGES.wrongGame);
}

/**
 * The player a request's X-Player-Token names, for game `code`: `authenticate`, counted as a look-up by a secret
 * (platform/code-guesses.ts): an address past the code-guess limit is refused (429) first, and an unknown code, an
 * unknown token or another game's token counts against it. Every player route goes through this (issue 28: they
 * answered 300 wrong tokens without a 429).
 */
export function playerOfRequest(
  db: Db,
  guesses: CodeGuesses,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  code: string,
): Promise<PlayerAuth> {
  return guesses.guard(request.ip, () => authenticate(db, code, headerValue(request.headers[PLAYER_TOKEN_HEADER], 128)), isRefusal);
}

export function viewerOf(auth: PlayerAuth): Viewer {
  return { kind: 'player', playerId: auth.player.id, teamId: auth.player.teamId, role: auth.player.role === 'chicken' ? 'chicken' : 'player' };
}
