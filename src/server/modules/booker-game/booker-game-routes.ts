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
  locationsBody,
  saveChallengesBody,
  teamsBody,
} from '../../../shared/api/booker-game';
import { activateGame, listChallengeOptions, proposeLocations, saveChallenges, saveTeams, setChicken, setGameArea } from './booker-game-service';

/**
 * The booker sets up a paid game by its game code (no login): challenges, locations, game area,
 * teams, the Chicken and activation. A temporary code is not a game code (404). Full paths: this
 * plugin is registered at the root.
 */
export const bookerGameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['booker'];
  const changeResponses = { 200: bookerBookingResponse, ...errorResponses, 423: errorResponse };

  app.get(
    '/api/booking/:code/challenges',
    { schema: { tags, params: gameCodeParams, querystring: challengeOptionsQuery, response: { 200: challengeOptionsResponse, ...errorResponses } } },
    async (request) => ({ challenges: await listChallengeOptions({ db, code: request.params.code, ip: request.ip }, request.query.spice_level) }),
  );

  app.post(
    '/api/booking/:code/challenges',
    { schema: { tags, params: gameCodeParams, body: saveChallengesBody, response: changeResponses } },
    async (request) => ({ booking: await saveChallenges({ db, code: request.params.code, ip: request.ip }, request.body.added_challenges) }),
  );

  app.post(
    '/api/booking/:code/activate',
    { schema: { tags, params: gameCodeParams, body: activateBody, response: changeResponses } },
    async (request) => ({ booking: await activateGame({ db, code: request.params.code, ip: request.ip }, request.body.booking_id) }),
  );

  app.put(
    '/api/booking/:code/locations',
    { schema: { tags, params: gameCodeParams, body: locationsBody, response: changeResponses } },
    async (request) => ({ booking: await proposeLocations({ db, code: request.params.code, ip: request.ip }, request.body) }),
  );

  app.put(
    '/api/booking/:code/game-area',
    { schema: { tags, params: gameCodeParams, body: gameAreaBody, response: changeResponses } },
    async (request) => ({ booking: await setGameArea({ db, code: request.params.code, ip: request.ip }, request.body) }),
  );

  app.put(
    '/api/booking/:code/teams',
    { schema: { tags, params: gameCodeParams, body: teamsBody, response: changeResponses } },
    async (request) => ({ booking: await saveTeams({ db, code: request.params.code, ip: request.ip }, request.body) }),
  );

  app.put(
    '/api/booking/:code/chicken',
    { schema: { tags, params: gameCodeParams, body: chickenBody, response: changeResponses } },
    async (request) => ({ booking: await setChicken({ db, code: request.params.code, ip: request.ip }, request.body) }),
  );
};
