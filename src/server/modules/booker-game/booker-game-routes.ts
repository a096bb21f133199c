import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, errorResponses } from '../../../shared/api/common';
import { bookerBookingResponse } from '../../../shared/api/booking';
import {
  activateBody,
  challengeOptionsQuery,
  challengeOptionsResponse,
  chickenBody,
  gameAreaBody,
  gameCodeParams,
  liveQuery,
  locationsBody,
  saveChallengesBody,
  teamsBody,
} from '../../../shared/api/booker-game';
import { MANAGE_KEY_HEADER } from '../../../shared/api/public-booking';
import { headerValue } from '../../lib/request-headers';
import { streamGame } from '../../plugins/game-stream';
import { consoleResponse } from '../../../shared/api/host';
import { streamResponse } from '../../../shared/api/play';
import { activateGame, createGameCallLimiter, liveGame, liveGameId, organiserViewer, listChallengeOptions, proposeLocations, saveChallenges, saveTeams, setChicken, setGameArea } from './booker-game-service';

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
  const tags = ['booker'];
  const changeResponses = { 200: bookerBookingResponse, ...errorResponses, 423: errorResponse };
  // Every call here needs X-Manage-Key too: the game code alone is the players' join code (decision 0185).

  app.get(
    '/api/booking/:code/challenges',
    { schema: { tags, params: gameCodeParams, querystring: challengeOptionsQuery, response: { 200: challengeOptionsResponse, ...errorResponses } } },
    async (request) => ({ challenges: await listChallengeOptions(ctx(request.params.code, request.ip, request.headers), request.query.spice_level) }),
  );

  app.post(
    '/api/booking/:code/challenges',
    { schema: { tags, params: gameCodeParams, body: saveChallengesBody, response: changeResponses } },
    async (request) => ({ booking: await saveChallenges(ctx(request.params.code, request.ip, request.headers), request.body.added_challenges) }),
  );

  app.post(
    '/api/booking/:code/activate',
    { schema: { tags, params: gameCodeParams, body: activateBody, response: changeResponses } },
    async (request) => ({ booking: await activateGame(ctx(request.params.code, request.ip, request.headers), request.body.booking_id) }),
  );

  app.put(
    '/api/booking/:code/locations',
    { schema: { tags, params: gameCodeParams, body: locationsBody, response: changeResponses } },
    async (request) => ({ booking: await proposeLocations(ctx(request.params.code, request.ip, request.headers), request.body) }),
  );

  app.put(
    '/api/booking/:code/game-area',
    { schema: { tags, params: gameCodeParams, body: gameAreaBody, response: changeResponses } },
    async (request) => ({ booking: await setGameArea(ctx(request.params.code, request.ip, request.headers), request.body) }),
  );

  app.put(
    '/api/booking/:code/teams',
    { schema: { tags, params: gameCodeParams, body: teamsBody, response: changeResponses } },
    async (request) => ({ booking: await saveTeams(ctx(request.params.code, request.ip, request.headers), request.body) }),
  );

  app.put(
    '/api/booking/:code/chicken',
    { schema: { tags, params: gameCodeParams, body: chickenBody, response: changeResponses } },
    async (request) => ({ booking: await setChicken(ctx(request.params.code, request.ip, request.headers), request.body) }),
  );

  app.get(
    '/api/booking/:code/live',
    { schema: { tags, params: gameCodeParams, querystring: liveQuery, response: { 200: consoleResponse, ...errorResponses } } },
    async (request) => liveGame(ctx(request.params.code, request.ip, request.headers), organiserViewer(request.query)),
  );

  app.get(
    '/api/booking/:code/live/stream',
    { schema: { tags, params: gameCodeParams, querystring: liveQuery, response: { 200: streamResponse, ...errorResponses } } },
    async (request, reply) => {
      const gameId = await liveGameId(ctx(request.params.code, request.ip, request.headers));
      await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId, viewer: organiserViewer(request.query) });
    },
  );
};
