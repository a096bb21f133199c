import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { adminMarkersEndpoints as endpoints } from '../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../plugins/admin-guard';
import { createStation, editStation, getGameStations, getMarkerGames, removeStation } from './admin-markers-service';

/** /admin/markers: item stations of Weapons games (decision 0245). */
export const adminMarkersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin: markers'];

  app.get('/markers/games', { schema: { tags, response: { 200: endpoints.games.response, ...errorResponses } } }, async () => getMarkerGames(db));

  app.get(
    '/markers/games/:id/stations',
    { schema: { tags, params: idParam, response: { 200: endpoints.stations.response, ...errorResponses } } },
    async (request) => getGameStations(db, request.params.id),
  );

  app.post(
    '/markers/games/:id/stations',
    { schema: { tags, params: idParam, body: endpoints.create.body, response: { 201: endpoints.create.response, ...errorResponses } } },
    async (request, reply) => {
      const result = await createStation(db, requireAdmin(request.auth.user).id, request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/markers/stations/:id',
    { schema: { tags, params: idParam, body: endpoints.update.body, response: { 200: endpoints.update.response, ...errorResponses } } },
    async (request) => editStation(db, requireAdmin(request.auth.user).id, request.params.id, request.body),
  );

  app.delete(
    '/markers/stations/:id',
    { schema: { tags, params: idParam, response: { 204: endpoints.remove.response, ...errorResponses } } },
    async (request, reply) => {
      await removeStation(db, requireAdmin(request.auth.user).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
