import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricingEndpoint } from '../../../../shared/api/endpoints/pricing';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { getPricing } from './pricing-service';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, pricingEndpoint, { tags: ['booking'] }, async (request) => getPricing(app.deps.database.db, request.query.currency));
};
