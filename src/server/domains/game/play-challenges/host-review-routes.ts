import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostReviewEndpoints as ep } from '../../../../shared/api/endpoints/play-challenges';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import type { Db } from '../../../platform/db/client';
import { ForbiddenError, NotFoundError } from '../../../platform/errors';
import { loadGame, type GameContext } from '../game-state';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { mayRunGame, requireStaffUser } from '../../identity';
import type { SessionUser } from '../../identity';
import { sendMedia } from '../../../platform/http/media-reply';
import { REVIEW_MESSAGES } from '../../../../shared/api/submissions';
import { hostMediaKey, hostReview, hostSubmissions } from './play-challenges-service';

/** The game of a code that this user may run (decision 0223): 404 for an unknown code, 403 for a game not theirs. */
async function gameForStaff(db: Db, user: SessionUser, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!mayRunGame(user, ctx.booking.assignedHostId)) throw new ForbiddenError(GAME_MESSAGES.hostOnly);
  return ctx;
}

/**
 * The host console's review queue (issue 14): an admin or the game's assigned host approves, rates or rejects the
 * game's submissions with the very rules of /admin/submissions (game/submissions/submission-review.ts); each verdict reaches the
 * team and moves every leaderboard live.
 */
export const hostReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['host'] };
  // Its own scope: the hook guards these routes only, before any body is parsed.
  app.addHook('onRequest', async (request) => {
    requireStaffUser(request.auth.user);
  });
  const staff = (user: SessionUser | null) => requireStaffUser(user);

  endpointRoute(app, ep.list, options, async (request) =>
    hostSubmissions(db, await gameForStaff(db, staff(request.auth.user), request.params.code), request.query.status),
  );

  const media = async (request: FastifyRequest<{ Params: { code: string; id: number } }>, reply: FastifyReply) => {
    const key = await hostMediaKey(db, await gameForStaff(db, staff(request.auth.user), request.params.code), request.params.id);
    return sendMedia(request, reply, app.deps.media, key, REVIEW_MESSAGES.noMedia);
  };
  endpointRoute(app, ep.media, options, media);
  endpointRoute(app, ep.photo, options, media);

  endpointRoute(app, ep.approve, options, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'approve' });
  });

  endpointRoute(app, ep.rate, options, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'rate', rating: request.body.rating });
  });

  endpointRoute(app, ep.reject, options, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'reject' }, request.body.reason);
  });
};
