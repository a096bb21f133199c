import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackEndpoints as endpoints } from '../../../../shared/api/endpoints/feedback';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { adminFeedback, bookerFeedback, feedbackMetrics, giveFeedback } from './feedback-service';

/** The booker's feedback page (GET and PUT /api/manage/{key}/feedback): the management key is the proof. */
export const bookerFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.database.db, guesses: app.deps.codeGuesses };
  const options = { tags: ['booking: feedback'] };
  endpointRoute(app, endpoints.bookerFeedback, options, async (request) => bookerFeedback(deps, { key: request.params.key, ip: request.ip }));
  endpointRoute(app, endpoints.giveFeedback, options, async (request) =>
    giveFeedback(deps, { key: request.params.key, ip: request.ip, rating: request.body.rating, comment: request.body.comment }),
  );
};

/** Staff's reading of the feedback: one booking's, and the average for the stats tab. Registered inside the admin scope. */
export const adminFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: feedback'] };
  endpointRoute(app, endpoints.adminFeedback, options, async (request) => adminFeedback(db, request.params.id));
  endpointRoute(app, endpoints.metrics, options, async (request) => feedbackMetrics(db, request.query.start_date, request.query.end_date));
};
