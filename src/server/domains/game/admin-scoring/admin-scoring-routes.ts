import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScoringEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../identity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { adjustTeam, getInstances, getLeaderboard } from './admin-scoring-service';

/** /admin/scoring: leaderboards and manual adjustments (decision 0240). */
export const adminScoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: scoring'] };

  endpointRoute(app, endpoints.instances, options, async () => getInstances(db));

  endpointRoute(app, endpoints.leaderboard, options, async (request) => getLeaderboard(db, request.params.id));

  endpointRoute(app, endpoints.adjust, options, async (request) => {
    const actor = requireAdmin(request.auth.user);
    const result = await adjustTeam(db, actor.id, request.params.teamId, request.body);
    return { ...result, adjustment: { ...result.adjustment, actor_name: actor.name } };
  });
};
