import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMarkersEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../identity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createStation, editStation, getGameStations, getMarkerGames, removeStation } from './admin-markers-service';

/** /admin/markers: item stations of Weapons games (decision 0241). */
export const adminMarkersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: markers'] };

  endpointRoute(app, endpoints.games, options, async () => getMarkerGames(db));

  endpointRoute(app, endpoints.stations, options, async (request) => getGameStations(db, request.params.id));

  endpointRoute(app, endpoints.create, options, async (request) => createStation(db, requireAdmin(request.auth.user).id, request.params.id, request.body));

  endpointRoute(app, endpoints.update, options, async (request) => editStation(db, requireAdmin(request.auth.user).id, request.params.id, request.body));

  endpointRoute(app, endpoints.remove, options, async (request) => {
    await removeStation(db, requireAdmin(request.auth.user).id, request.params.id);
    return null;
  });
};
