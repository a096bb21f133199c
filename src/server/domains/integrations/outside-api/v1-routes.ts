import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1Endpoints as endpoints, V1_SCOPES } from '../../../../shared/api/endpoints/integrations';
import { invoiceEndpoints } from '../../../../shared/api/endpoints/invoices';
import { urlOf } from '../../../../shared/api/endpoint';
import { INTEGRATION_MESSAGES } from '../../../../shared/api/integrations';
import { rateLimitHeaders } from '../../../../shared/integrations/delivery';
import { endpointRoute, type EndpointRouteOptions } from '../../../platform/http/endpoint-route';
import { countRateLimit } from '../../../platform/rate-limit';
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError } from '../../../platform/errors';
import { createAdminBooking, outsideBooking, outsideBookingsPage } from '../../booking';
import { outsideGame } from '../../game';
import { bookingDocumentsForOutside, listLedger } from '../../commerce';
import { authenticateKey, type KeyCaller } from '../api-keys';
import { createKeyUseLog } from '../key-uses';
import { decodeCursor, encodeCursor } from './cursor';

const WINDOW_SECONDS = 60;

/**
 * The outside API (issue 39, decision 0560), registered under /api/v1: `Authorization: Bearer <API key>` and nothing
 * else opens it (the session plugin reads no session here and asks no CSRF token), and a key opens nothing else. Each
 * request: the key (401 unknown or revoked), its rate limit (RateLimit headers; 429 + Retry-After past it), the
 * route's scope (403), then the same services staff use. Every use goes into the activity log.
 */
export const outsideApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { config } = app.deps;
  const callers = new WeakMap<FastifyRequest, KeyCaller>();
  const uses = createKeyUseLog(db, (error) => app.log.warn({ err: error }, 'API key uses not logged yet: kept for the next flush'));
  app.addHook('onClose', async () => uses.close());

  app.addHook('onRequest', async (request, reply) => {
    const caller = await authenticateKey(db, request.headers.authorization);
    callers.set(request, caller);
    const limit = await countRateLimit(db, `api-key:${caller.id}`, config.API_KEY_RATE_LIMIT, WINDOW_SECONDS);
    void reply.headers(rateLimitHeaders({ limit: config.API_KEY_RATE_LIMIT, windowSeconds: WINDOW_SECONDS, ...limit }));
    if (limit.retryAfter > 0) throw new TooManyRequestsError(limit.retryAfter);
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = callers.get(request);
    if (caller)
      uses.add({ keyId: caller.id, method: request.method, route: request.routeOptions.url ?? request.url, status: reply.statusCode, at: new Date() });
  });

  const callerOf = (request: FastifyRequest): KeyCaller => {
    const caller = callers.get(request);
    if (!caller) throw new UnauthenticatedError(INTEGRATION_MESSAGES.invalidKey);
    return caller;
  };
  const scoped = (name: keyof typeof endpoints): EndpointRouteOptions => {
    const scope = V1_SCOPES[name];
    return {
      tags: ['outside API (API key)'],
      summary: `Needs an API key with the scope ${scope}`,
      security: [{ apiKey: [scope] }],
      onRequest: async (request) => {
        if (!callerOf(request).scopes.includes(scope)) throw new ForbiddenError(INTEGRATION_MESSAGES.missingScope(scope));
      },
    };
  };

  endpointRoute(app, endpoints.listBookings, scoped('listBookings'), async ({ query }) => {
    const page = await outsideBookingsPage(
      db,
      {
        status: query.status,
        updatedSince: query.updated_since ? new Date(query.updated_since) : undefined,
        dateFrom: query.date_from,
        dateTo: query.date_to,
        email: query.email,
      },
      decodeCursor(query.cursor),
      query.limit,
    );
    return { data: page.items, next_cursor: page.lastId === null ? null : encodeCursor(page.lastId) };
  });
  endpointRoute(app, endpoints.getBooking, scoped('getBooking'), async ({ params }) => ({ booking: await outsideBooking(db, params.id) }));
  // As staff would create it (the staff's own entry point: a lead, its mails), logged as the key's creator's doing.
  endpointRoute(app, endpoints.createBooking, scoped('createBooking'), async (request) => ({
    booking: await createAdminBooking(db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, callerOf(request).createdBy, request.body),
  }));
  endpointRoute(app, endpoints.getGame, scoped('getGame'), async ({ params }) => outsideGame(db, params.code));
  endpointRoute(app, endpoints.listPayments, scoped('listPayments'), async ({ query }) => listLedger(db, query));
  endpointRoute(app, endpoints.bookingInvoices, scoped('bookingInvoices'), async ({ params }) =>
    bookingDocumentsForOutside(db, params.id, (id, number) => urlOf(invoiceEndpoints.adminPdf, { id, number: `${number}.pdf` })),
  );
};
