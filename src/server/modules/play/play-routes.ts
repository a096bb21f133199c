import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import {
  changeTeamBody,
  changeTeamResponse,
  joinBody,
  joinResponse,
  mapResponse,
  meResponse,
  noContentResponse,
  PLAYER_TOKEN_HEADER,
  playCodeParams,
  playGameResponse,
  playerResponse,
  positionBody,
  streamResponse,
  updateMeBody,
} from '../../../shared/api/play';
import { headerValue } from '../../lib/request-headers';
import { streamGame } from '../../plugins/game-stream';
import { authenticate, changeTeam, getGame, join, map, me, postPosition, updateMe, viewerOf } from './play-service';

/**
 * The player app's calls by game code (public: the code is the join code). All but the game and the join need the
 * player's token in X-Player-Token; mutating calls carry the CSRF token like every other. The game and the join are
 * look-ups by a code anyone may type: a wrong code counts against the address (lib/code-guesses.ts).
 */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const tags = ['play'];
  const tokenOf = (headers: Record<string, string | string[] | undefined>) => headerValue(headers[PLAYER_TOKEN_HEADER], 128);
  const player = (code: string, headers: Record<string, string | string[] | undefined>) => authenticate(db, code, tokenOf(headers));

  app.get('/api/play/:code', { schema: { tags, params: playCodeParams, response: { 200: playGameResponse, ...errorResponses } } }, async (request) =>
    codeGuesses.guard(request.ip, () => getGame(db, request.params.code)),
  );

  app.post(
    '/api/play/:code/join',
    { schema: { tags, params: playCodeParams, body: joinBody, response: { 201: joinResponse, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await codeGuesses.guard(request.ip, () => join(db, request.params.code, request.body))),
  );

  app.get('/api/play/:code/me', { schema: { tags, params: playCodeParams, response: { 200: meResponse, ...errorResponses } } }, async (request) =>
    me(db, await player(request.params.code, request.headers)),
  );

  app.patch(
    '/api/play/:code/me',
    { schema: { tags, params: playCodeParams, body: updateMeBody, response: { 200: playerResponse, ...errorResponses } } },
    async (request) => ({ player: await updateMe(db, await player(request.params.code, request.headers), request.body) }),
  );

  app.put(
    '/api/play/:code/me/team',
    { schema: { tags, params: playCodeParams, body: changeTeamBody, response: { 200: changeTeamResponse, ...errorResponses } } },
    async (request) => changeTeam(db, await player(request.params.code, request.headers), request.body),
  );

  app.post(
    '/api/play/:code/positions',
    { schema: { tags, params: playCodeParams, body: positionBody, response: { 204: noContentResponse, ...errorResponses } } },
    async (request, reply) => {
      await postPosition(db, await player(request.params.code, request.headers), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get('/api/play/:code/map', { schema: { tags, params: playCodeParams, response: { 200: mapResponse, ...errorResponses } } }, async (request) =>
    map(db, await player(request.params.code, request.headers)),
  );

  app.get(
    '/api/play/:code/stream',
    { schema: { tags, params: playCodeParams, response: { 200: streamResponse, ...errorResponses } } },
    async (request, reply) => {
      const auth = await player(request.params.code, request.headers);
      await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId: auth.game.id, viewer: viewerOf(auth) });
    },
  );
};
