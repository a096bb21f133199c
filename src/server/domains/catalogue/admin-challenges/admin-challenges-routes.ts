import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminChallengesEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-challenges';
import { requireAdmin } from '../../identity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createChallenge, editChallenge, getChallenge, getChallenges } from './admin-challenges-service';

export const adminChallengesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: challenges'] };

  endpointRoute(app, endpoints.list, options, async (request) => ({ data: await getChallenges(db, request.query.spice_level) }));

  endpointRoute(app, endpoints.get, options, async (request) => ({ data: await getChallenge(db, request.params.id) }));

  endpointRoute(app, endpoints.create, options, async (request) => {
    const actor = requireAdmin(request.auth.user);
    return { data: await createChallenge(db, actor.id, request.body) };
  });

  endpointRoute(app, endpoints.update, options, async (request) => {
    const actor = requireAdmin(request.auth.user);
    return { data: await editChallenge(db, actor.id, request.params.id, request.body) };
  });
};
