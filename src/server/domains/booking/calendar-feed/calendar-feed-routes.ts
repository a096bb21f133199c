import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedEndpoints as endpoints } from '../../../../shared/api/endpoints/calendar-feed';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { calendarFeedIcs } from './calendar-feed-service';

/** A staff user's private calendar feed, read by their calendar app with the secret alone (decision 0394). */
export const calendarFeedIcsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.database.db, guesses: app.deps.codeGuesses };
  endpointRoute(
    app,
    endpoints.feed,
    { tags: ['calendar feed'], summary: "A host's or admin's games as a calendar (text/calendar) by the feed's secret" },
    async (request, reply) => {
      const ics = await calendarFeedIcs(deps, { token: request.params.token, ip: request.ip, baseUrl: app.deps.publicUrl });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="hatch.ics"')
        .header('Cache-Control', 'no-store')
        .send(ics);
    },
  );
};
