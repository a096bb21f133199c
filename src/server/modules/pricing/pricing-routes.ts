import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricingQuery, pricingResponse } from '../../../shared/api/pricing';
import { errorResponses } from '../../../shared/api/common';
import { getPricing } from './pricing-service';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pricing',
    { schema: { tags: ['booking'], querystring: pricingQuery, response: { 200: pricingResponse, ...errorResponses } } },
    async (request) => getPricing(app.deps.database.db, request.query.currency),
  );
};
