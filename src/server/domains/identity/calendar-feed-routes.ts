import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedEndpoints as endpoints } from '../../../shared/api/endpoints/calendar-feed';
import { calendarFeedPath } from '../../../shared/api/calendar-feed';
import { endpointRoute } from '../../platform/http/endpoint-route';
import { requireStaffUser } from './staff-guard';
import { calendarFeedOf, makeCalendarFeed, revokeCalendarFeed } from './calendar-feed';

/**
 * A host's or admin's own calendar feed (issue 31, decision 0394), from their console. Registered inside the host-time
 * plugin, whose hook already refuses anyone but staff before the route runs.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['host: calendar feed'] };
  endpointRoute(app, endpoints.state, options, async (request) => {
    const feed = await calendarFeedOf(db, requireStaffUser(request.auth.user).id);
    return { feed: feed ? { created_at: feed.createdAt.toISOString(), url: null } : null };
  });
  endpointRoute(app, endpoints.make, options, async (request) => {
    const { token, createdAt } = await makeCalendarFeed(db, requireStaffUser(request.auth.user).id);
    // From the configured public origin, never from the request (a forged Host header must not shape the link).
    return { feed: { created_at: createdAt.toISOString(), url: `${app.deps.publicUrl.replace(/\/+$/, '')}${calendarFeedPath(token)}` } };
  });
  endpointRoute(app, endpoints.revoke, options, async (request) => {
    await revokeCalendarFeed(db, requireStaffUser(request.auth.user).id);
    return { ok: true as const };
  });
};
