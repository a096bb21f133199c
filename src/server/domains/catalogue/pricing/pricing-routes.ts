import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricingEndpoint } from '../../../../shared/api/endpoints/pricing';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { settledTag, tagMatches } from '../../../platform/memo-serializer';
import { getPricing, isCurrentPricing } from './pricing-service';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, pricingEndpoint, { tags: ['booking'] }, async (request, reply) => {
    const { db } = app.deps.database;
    const { currency } = request.query;
    const pricing = await getPricing(db, currency);
    // The wizard asks at every start and currency change: a browser holding the list revalidates it (no-cache) and is
    // answered 304 without its 2 KB while it is current. The tag is made once per cached list (memo-serializer.ts).
    const tag = settledTag(pricing);
    if (tag === undefined) return pricing;
    // The same answer (this list's, or its 304) goes out again without the pipeline while the list is current.
    app.deps.hotReads.remember(request, () => isCurrentPricing(db, currency, pricing));
    void reply.header('etag', tag).header('cache-control', 'no-cache');
    return tagMatches(request.headers['if-none-match'], tag) ? reply.code(304).send() : pricing;
  });
};
