import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityQuery, activityResponse } from '../../../shared/api/activity';
import { errorResponses } from '../../../shared/api/common';
import { getActivity } from './admin-activity-service';

export const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/activity',
    { schema: { tags: ['admin: activity'], querystring: activityQuery, response: { 200: activityResponse, ...errorResponses } } },
    async (request) => getActivity(db, request.query),
  );
};
