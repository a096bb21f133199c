import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { adminScoringEndpoints as endpoints } from '../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../plugins/admin-guard';
import { adjustTeam, getInstances, getLeaderboard } from './admin-scoring-service';

/** /admin/scoring: leaderboards and manual adjustments (decision 0244). */
export const adminScoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin: scoring'];

  app.get('/scoring/instances', { schema: { tags, response: { 200: endpoints.instances.response, ...errorResponses } } }, async () => getInstances(db));

  app.get(
    '/scoring/instances/:id',
    { schema: { tags, params: idParam, response: { 200: endpoints.leaderboard.response, ...errorResponses } } },
    async (request) => getLeaderboard(db, request.params.id),
  );

  app.post(
    '/scoring/teams/:teamId/adjustments',
    {
      schema: {
        tags,
        params: endpoints.adjust.params,
        body: endpoints.adjust.body,
        response: { 201: endpoints.adjust.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request.auth.user);
      const result = await adjustTeam(db, actor.id, request.params.teamId, request.body);
      return reply.code(201).send({ ...result, adjustment: { ...result.adjustment, actor_name: actor.name } });
    },
  );
};
