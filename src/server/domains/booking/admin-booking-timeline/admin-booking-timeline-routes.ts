import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBookingTimelineEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-booking-timeline';
import { UnauthenticatedError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { getTimeline, resendMail } from './admin-booking-timeline-service';
import { messageScheduleRoutes } from '../message-schedule/message-schedule-routes';
import { registerBookingMetrics } from '../message-schedule/balance-overdue';
import { paymentMethodOf } from '../../../platform/payment-provider/payment-setup';

const options = { tags: ['admin booking timeline'] };

/** A booking's timeline and its outbox, under /api/admin (the scope's admin guard runs first). */
export const adminBookingTimelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mail = app.deps.mail;

  endpointRoute(app, endpoints.timeline, options, async (request) =>
    getTimeline(db, request.params.id, { paymentMethod: paymentMethodOf(app.deps.payments), now: new Date() }),
  );

  endpointRoute(app, endpoints.resendMail, options, async (request) => {
    const user = request.auth.user;
    if (!user) throw new UnauthenticatedError();
    const copy = await resendMail(db, mail, { bookingId: request.params.id, mailId: request.params.mailId, actorId: user.id });
    return { mail: copy };
  });

  // The booking's message schedule shows on this timeline; staff skip its messages and set the reminder days here.
  await app.register(messageScheduleRoutes);
  // The bookings' gauges (overdue balances), once per app: this plugin is registered once, in the admin scope.
  registerBookingMetrics(app.deps.metrics, db);
};
