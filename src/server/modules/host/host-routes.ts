import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { consoleResponse, gameResponse, hostGamesResponse } from '../../../shared/api/host';
import { messageBody, messageResponse, playCodeParams, streamResponse } from '../../../shared/api/play';
import { streamGame } from '../../plugins/game-stream';
import { requireStaffUser } from '../../plugins/staff-guard';
import { consoleSnapshot, STAFF } from '../../lib/game-state';
import { end, gameForStaff, listGames, resume, sendMessage, start } from './host-service';

/**
 * The host console under /api/host: every route needs a logged-in admin or host (checked on request, before the body
 * is read); each game route then checks that this user may run that game.
 */
export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['host'];
  const one = '/api/host/games/:code';

  // This plugin is its own scope: the hook guards its routes only, before any body is parsed.
  app.addHook('onRequest', async (request) => {
    requireStaffUser(request.auth.user);
  });
  const staff = (request: { auth: { user: Parameters<typeof requireStaffUser>[0] } }) => requireStaffUser(request.auth.user);

  app.get('/api/host/games', { schema: { tags, response: { 200: hostGamesResponse, ...errorResponses } } }, async (request) => ({
    games: await listGames(db, staff(request)),
  }));

  app.get(one, { schema: { tags, params: playCodeParams, response: { 200: consoleResponse, ...errorResponses } } }, async (request) => {
    const ctx = await gameForStaff(db, staff(request), request.params.code);
    return consoleSnapshot(db, ctx);
  });

  app.post(`${one}/start`, { schema: { tags, params: playCodeParams, response: { 200: gameResponse, ...errorResponses } } }, async (request) => {
    const user = staff(request);
    return { game: await start(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  app.post(`${one}/end`, { schema: { tags, params: playCodeParams, response: { 200: gameResponse, ...errorResponses } } }, async (request) => {
    const user = staff(request);
    return { game: await end(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  app.post(`${one}/resume`, { schema: { tags, params: playCodeParams, response: { 200: gameResponse, ...errorResponses } } }, async (request) => {
    const user = staff(request);
    return { game: await resume(db, user, await gameForStaff(db, user, request.params.code)) };
  });

  app.post(
    `${one}/messages`,
    { schema: { tags, params: playCodeParams, body: messageBody, response: { 201: messageResponse, ...errorResponses } } },
    async (request, reply) => {
      const user = staff(request);
      const message = await sendMessage(db, user, await gameForStaff(db, user, request.params.code), request.body.text);
      return reply.code(201).send({ message });
    },
  );

  app.get(`${one}/stream`, { schema: { tags, params: playCodeParams, response: { 200: streamResponse, ...errorResponses } } }, async (request, reply) => {
    const ctx = await gameForStaff(db, staff(request), request.params.code);
    await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId: ctx.game.id, viewer: STAFF });
  });
};
