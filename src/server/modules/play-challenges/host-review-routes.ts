import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { hostReviewEndpoints as ep } from '../../../shared/api/endpoints/play-challenges';
import { GAME_MESSAGES } from '../../../shared/game/teams';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { loadGame, type GameContext } from '../../lib/game-state';
import { mayRunGame, requireStaffUser } from '../../plugins/staff-guard';
import type { SessionUser } from '../../plugins/session';
import { sendPhoto } from './play-challenges-routes';
import { hostPhoto, hostReview, hostSubmissions } from './play-challenges-service';

/** The game of a code that this user may run (decision 0223): 404 for an unknown code, 403 for a game not theirs. */
async function gameForStaff(db: Db, user: SessionUser, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!mayRunGame(user, { gameHostId: ctx.game.hostId, bookingHostId: ctx.booking.assignedHostId })) throw new ForbiddenError(GAME_MESSAGES.hostOnly);
  return ctx;
}

/**
 * The host console's review queue (issue 14): an admin or the game's assigned host approves, rates or rejects the
 * game's submissions with the very rules of /admin/submissions (lib/submission-review.ts); each verdict reaches the
 * team and moves every leaderboard live.
 */
export const hostReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['host'];
  // Its own scope: the hook guards these routes only, before any body is parsed.
  app.addHook('onRequest', async (request) => {
    requireStaffUser(request.auth.user);
  });
  const staff = (user: SessionUser | null) => requireStaffUser(user);

  app.get(ep.list.path, { schema: { tags, params: ep.list.params, querystring: ep.list.query, response: { 200: ep.list.response, ...errorResponses } } }, async (request) =>
    hostSubmissions(db, await gameForStaff(db, staff(request.auth.user), request.params.code), request.query.status),
  );

  app.get(ep.photo.path, { schema: { tags, params: ep.photo.params, response: { 200: ep.photo.response, ...errorResponses } } }, async (request, reply) =>
    sendPhoto(reply, await hostPhoto(db, app.deps.photos, await gameForStaff(db, staff(request.auth.user), request.params.code), request.params.id)),
  );

  app.post(ep.approve.path, { schema: { tags, params: ep.approve.params, body: ep.approve.body, response: { 200: ep.approve.response, ...errorResponses } } }, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'approve' });
  });

  app.post(ep.rate.path, { schema: { tags, params: ep.rate.params, body: ep.rate.body, response: { 200: ep.rate.response, ...errorResponses } } }, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'rate', rating: request.body.rating });
  });

  app.post(ep.reject.path, { schema: { tags, params: ep.reject.params, body: ep.reject.body, response: { 200: ep.reject.response, ...errorResponses } } }, async (request) => {
    const user = staff(request.auth.user);
    return hostReview(db, user.id, await gameForStaff(db, user, request.params.code), request.params.id, { kind: 'reject' }, request.body.reason);
  });
};
