import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { bookerGameEndpoints as endpoints } from '../../../../shared/api/endpoints/booker-game';
import { MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { headerValue } from '../../../platform/http/request-headers';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { streamGame } from '../../game';
import {
  activateGame,
  createGameCallLimiter,
  liveGame,
  liveGameId,
  organiserViewer,
  listChallengeOptions,
  proposeLocations,
  saveChallenges,
  saveTeams,
  setChicken,
  setGameArea,
} from './booker-game-service';

/**
 * The organiser sets up a paid game by its game code and private management key (no login): challenges,
 * locations, game area, teams, the Chicken and activation. A temporary code is not a game code (404). Full paths: this
 * plugin is registered at the root.
 */
export const bookerGameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const warn = (error: unknown) => app.log.warn({ err: error }, 'game code call counts not written yet: kept for the next flush');
  const limiter = createGameCallLimiter(db, warn);
  // Runs before the database closes: the last counts are written.
  app.addHook('onClose', async () => limiter.close().catch(warn));
  const ctx = (code: string, ip: string, headers: IncomingHttpHeaders) => ({
    db,
    limiter,
    guesses: app.deps.codeGuesses,
    code,
    manageKey: headerValue(headers[MANAGE_KEY_HEADER], 128),
    ip,
  });
  const options = { tags: ['booker'] };
  // A change to a section staff have locked is refused with 423 (domains/booking/section-locks.ts).
  const change = { ...options, errors: { 423: errorResponse } };
  // Every call here needs X-Manage-Key too: the game code alone is the players' join code (decision 0140).

  endpointRoute(app, endpoints.challengeOptions, options, async (request) => ({
    challenges: await listChallengeOptions(ctx(request.params.code, request.ip, request.headers), request.query.spice_level),
  }));

  endpointRoute(app, endpoints.saveChallenges, change, async (request) => ({
    booking: await saveChallenges(ctx(request.params.code, request.ip, request.headers), request.body.added_challenges),
  }));

  endpointRoute(app, endpoints.activate, change, async (request) => ({
    booking: await activateGame(ctx(request.params.code, request.ip, request.headers), request.body.booking_id),
  }));

  endpointRoute(app, endpoints.locations, change, async (request) => ({
    booking: await proposeLocations(ctx(request.params.code, request.ip, request.headers), request.body),
  }));

  endpointRoute(app, endpoints.gameArea, change, async (request) => ({
    booking: await setGameArea(ctx(request.params.code, request.ip, request.headers), request.body),
  }));

  endpointRoute(app, endpoints.teams, change, async (request) => ({
    booking: await saveTeams(ctx(request.params.code, request.ip, request.headers), request.body),
  }));

  endpointRoute(app, endpoints.chicken, change, async (request) => ({
    booking: await setChicken(ctx(request.params.code, request.ip, request.headers), request.body),
  }));

  endpointRoute(app, endpoints.live, options, async (request) =>
    liveGame(ctx(request.params.code, request.ip, request.headers), organiserViewer(request.query)),
  );

  // The stream hijacks the reply and answers it itself.
  endpointRoute(app, endpoints.liveStream, options, async (request, reply) => {
    const gameId = await liveGameId(ctx(request.params.code, request.ip, request.headers));
    await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId, viewer: organiserViewer(request.query) });
    return reply;
  });
};
