import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActivityEndpoint } from '../../../../shared/api/endpoints/admin-activity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { getActivity } from './admin-activity-service';

export const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, adminActivityEndpoint, { tags: ['admin: activity'] }, async (request) => getActivity(db, request.query));
};
