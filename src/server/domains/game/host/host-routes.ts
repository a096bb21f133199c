import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostEndpoints as endpoints } from '../../../../shared/api/endpoints/host';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { streamGame } from '../game-stream';
import { requireStaffUser } from '../../identity';
import { consoleSnapshot, STAFF } from '../game-state';
import { end, gameForStaff, listGames, resume, sendMessage, start } from './host-service';

/**
 * The host console under /api/host: every route needs a logged-in admin or host (checked on request, before the body
 * is read); each game route then checks that this user may run that game.
 */
export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['host'] };

  // This plugin is its own scope: the hook guards its routes only, before any body is parsed.
  app.addHook('onRequest', async (request) => {
    requireStaffUser(request.auth.user);
  });
  const staff = (request: { auth: { user: Parameters<typeof requireStaffUser>[0] } }) => requireStaffUser(request.auth.user);

  endpointRoute(app, endpoints.games, options, async (request) => ({ games: await listGames(db, staff(request)) }));

  endpointRoute(app, endpoints.console, options, async (request) => {
    const ctx = await gameForStaff(db, staff(request), request.params.code);
    return consoleSnapshot(db, ctx);
  });

  endpointRoute(app, endpoints.start, options, async (request) => {
    const user = staff(request);
    return { game: await start(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  endpointRoute(app, endpoints.end, options, async (request) => {
    const user = staff(request);
    return { game: await end(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  endpointRoute(app, endpoints.resume, options, async (request) => {
    const user = staff(request);
    return { game: await resume(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  endpointRoute(app, endpoints.message, options, async (request) => {
    const user = staff(request);
    return { message: await sendMessage(db, user, await gameForStaff(db, user, request.params.code), request.body.text) };
  });

  // The stream hijacks the reply and answers it itself.
  endpointRoute(app, endpoints.stream, options, async (request, reply) => {
    const ctx = await gameForStaff(db, staff(request), request.params.code);
    await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId: ctx.game.id, viewer: STAFF });
    return reply;
  });
};
