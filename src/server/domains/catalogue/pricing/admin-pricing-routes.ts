import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPricingEndpoints } from '../../../../shared/api/endpoints/pricing';
import { UnauthenticatedError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { getAdminPricing } from './pricing-service';
import { updatePricing } from './admin-pricing-service';

/** Staff's price list; under /api/admin, so the admin guard (and CSRF on PUT) runs first. */
export const adminPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin pricing'] };
  endpointRoute(app, adminPricingEndpoints.get, options, async (request) => getAdminPricing(db, request.query.currency));
  endpointRoute(app, adminPricingEndpoints.update, options, async (request) => {
    const user = request.auth.user;
    if (!user) throw new UnauthenticatedError();
    return updatePricing(db, { id: user.id }, request.body, new Date());
  });
};
