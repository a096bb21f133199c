import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { mailParams, resendMailResponse, timelineResponse } from '../../../shared/api/booking-timeline';
import { UnauthenticatedError } from '../../lib/errors';
import { getTimeline, resendMail } from './admin-booking-timeline-service';

const tags = ['admin booking timeline'];

/** A booking's timeline and its outbox, under /api/admin (the scope's admin guard runs first). */
export const adminBookingTimelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mail = app.deps.mail;

  app.get('/bookings/:id/timeline', { schema: { tags, params: idParam, response: { 200: timelineResponse, ...errorResponses } } }, async (request) =>
    getTimeline(db, request.params.id),
  );

  app.post(
    '/bookings/:id/mails/:mailId/resend',
    { schema: { tags, params: mailParams, response: { 201: resendMailResponse, ...errorResponses } } },
    async (request, reply) => {
      const user = request.auth.user;
      if (!user) throw new UnauthenticatedError();
      const copy = await resendMail(db, mail, { bookingId: request.params.id, mailId: request.params.mailId, actorId: user.id });
      return reply.code(201).send({ mail: copy });
    },
  );
};
