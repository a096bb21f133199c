import type { Db, DbOrTx } from '../../../platform/db/client';
import { randomToken } from '../../../platform/crypto';
import { NotFoundError } from '../../../platform/errors';
import type { Viewer } from '../game-events';
import { loadGameById, mapSnapshot, teamScoreOf, type GameContext } from '../game-state';
import { urlOf } from '../../../../shared/api/endpoint';
import { screenEndpoints } from '../../../../shared/api/endpoints/showcase';
import { screenPath } from '../../../../shared/booking-links';
import { SHOWCASE_MESSAGES, type ScreenResponse } from '../../../../shared/api/showcase';
import { feedOf } from './feed';
import { gameIdOfScreenToken, setScreenToken, showcaseOf } from './showcase-repository';

/**
 * The big screen (issue 29, decision 0451): a read-only page for a projector, opened by a private link. The token
 * names one game; it shows what every player may see and never the Chicken: its viewer is filtered on the server, in
 * the snapshot and in the stream alike, so nothing of the Chicken's position leaves for this page.
 */
export const SCREEN_VIEWER: Viewer = { kind: 'screen' };

const linkOf = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, '')}${screenPath(token)}`;

export async function screenLink(db: DbOrTx, gameId: number, baseUrl: string): Promise<{ url: string }> {
  return { url: linkOf(baseUrl, (await showcaseOf(db, gameId)).screenToken) };
}

/** A new link: the old one stops working at once (a projector left on somewhere, a link shared too far). */
export async function regenerateScreenLink(db: DbOrTx, gameId: number, baseUrl: string): Promise<{ url: string }> {
  const token = randomToken();
  await setScreenToken(db, gameId, token);
  return { url: linkOf(baseUrl, token) };
}

/** The game a big-screen token names; an unknown or replaced token is a 404. */
export async function gameOfScreen(db: DbOrTx, token: string): Promise<GameContext> {
  const gameId = await gameIdOfScreenToken(db, token);
  const ctx = gameId === undefined ? undefined : await loadGameById(db, gameId);
  if (!ctx) throw new NotFoundError(SHOWCASE_MESSAGES.screenNotFound);
  return ctx;
}

export async function screenSnapshot(db: Db, ctx: GameContext, token: string): Promise<ScreenResponse> {
  const [snapshot, feed] = await Promise.all([mapSnapshot(db, ctx, SCREEN_VIEWER), feedOf(db, ctx, (id) => urlOf(screenEndpoints.media, { token, id }))]);
  return {
    game: snapshot.game,
    // The page totals and ranks them with the one shared rule (shared/scoring/leaderboard.ts), as every screen does.
    teams: snapshot.teamRows.map(teamScoreOf),
    players: snapshot.players,
    messages: snapshot.messages,
    feed,
    last_event_id: snapshot.last_event_id,
  };
}
