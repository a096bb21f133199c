import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DETAIL_MESSAGES } from '../../../../shared/api/admin-booking-detail';
import { errorResponse } from '../../../../shared/api/common';
import { adminBookingDetailEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-booking-detail';
import { hostTimeEndpoints } from '../../../../shared/api/endpoints/host-time';
import { hostsAvailability } from '../host-availability';
import { adminFeedbackRoutes } from '../booker-feedback/feedback-routes';
import type { BookingMailer } from '../booking-mails';
import { UnauthenticatedError, ValidationError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import {
  addNote,
  changeLeadStatus,
  correctBookingPayment,
  emergencyChangeHost,
  getBooking,
  heartbeat,
  patchBooking,
  recordBookingPayment,
  reopenBooking,
  resumeGame,
  startGame,
  toggleWeapons,
  updateLocks,
} from './admin-booking-detail-service';

const options = { tags: ['admin booking detail'] };

function actorOf(request: FastifyRequest): { id: number } {
  const user = request.auth.user;
  if (!user) throw new UnauthenticatedError();
  return { id: user.id };
}

/** The version the client edited: `version` in the body, else an `If-Match: "3"` header. */
export function versionOf(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match?.[1]) throw ValidationError.field('version', 'If-Match must be the booking version, e.g. "3"');
  return Number(match[1]);
}

/**
 * Staff view and control of one booking: /api/admin/bookings/{id}… (the admin guard of the scope
 * runs first). Static paths such as /bookings/metrics belong to the bookings list module.
 */
export const adminBookingDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mail = app.deps.mail;
  // Booking mails link to the public site; the origin is found as for the wizard's confirmation mail.
  const bookingMailer = (): BookingMailer => ({ mail, baseUrl: app.deps.publicUrl });

  endpointRoute(app, endpoints.get, options, async (request) => ({ booking: await getBooking(db, request.params.id) }));
  // The booker's feedback on this page and the stats tab's average (issue 31): a child of this plugin, so inside the admin scope.
  await app.register(adminFeedbackRoutes);
  // Who is free for this booking's game (issue 31): the picker shows the reason; the PATCH enforces it.
  endpointRoute(app, hostTimeEndpoints.availableFor, options, async (request) => ({ hosts: await hostsAvailability(db, request.params.id) }));

  endpointRoute(app, endpoints.patch, options, async (request) => ({
    booking: await patchBooking(db, bookingMailer(), {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      body: request.body,
    }),
  }));

  endpointRoute(app, endpoints.addNote, options, async (request) => ({
    booking: await addNote(db, {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      note: request.body.note,
      type: request.body.type,
    }),
  }));

  endpointRoute(app, endpoints.leadStatus, options, async (request) => ({
    booking: await changeLeadStatus(db, bookingMailer(), {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      leadStatus: request.body.lead_status,
      reason: request.body.lead_status_reason,
    }),
  }));

  endpointRoute(app, endpoints.startGame, options, async (request) =>
    startGame(db, { actor: actorOf(request), bookingId: request.params.id, version: versionOf(request, undefined) }),
  );

  endpointRoute(app, endpoints.resumeGame, options, async (request) => ({
    booking: await resumeGame(db, { actor: actorOf(request), bookingId: request.params.id }),
  }));

  endpointRoute(app, endpoints.reopen, options, async (request) => ({
    booking: await reopenBooking(db, {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      reason: request.body.reason,
    }),
  }));

  endpointRoute(app, endpoints.emergencyHost, options, async (request) => ({
    message: DETAIL_MESSAGES.hostChanged,
    booking: await emergencyChangeHost(db, bookingMailer(), {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      hostId: request.body.host_id,
    }),
  }));

  endpointRoute(app, endpoints.toggleWeapons, options, async (request) => {
    const booking = await toggleWeapons(db, {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      weaponsOn: request.body.weapons_on,
    });
    return { weapons_on: booking.game?.weapons_on ?? request.body.weapons_on, booking };
  });

  endpointRoute(app, endpoints.heartbeat, options, async (request) => heartbeat(db, request.params.id));

  endpointRoute(app, endpoints.recordPayment, options, async (request) => ({
    booking: await recordBookingPayment(db, bookingMailer(), {
      actor: actorOf(request),
      bookingId: request.params.id,
      version: versionOf(request, request.body.version),
      paymentType: request.body.payment_type,
      paymentAmount: request.body.payment_amount,
    }),
  }));

  endpointRoute(app, endpoints.voidPayment, options, async (request) => ({
    booking: await correctBookingPayment(
      db,
      { mailer: bookingMailer(), provider: app.deps.payments.provider },
      {
        actor: actorOf(request),
        bookingId: request.params.id,
        paymentId: request.params.paymentId,
        version: versionOf(request, request.body.version),
        correction: { kind: 'void', reason: request.body.reason },
      },
    ),
  }));

  // A refund goes through the payment provider, which may fail: 502.
  endpointRoute(app, endpoints.refundPayment, { ...options, errors: { 502: errorResponse } }, async (request) => ({
    booking: await correctBookingPayment(
      db,
      { mailer: bookingMailer(), provider: app.deps.payments.provider },
      {
        actor: actorOf(request),
        bookingId: request.params.id,
        paymentId: request.params.paymentId,
        version: versionOf(request, request.body.version),
        correction: { kind: 'refund', amount: request.body.amount, reason: request.body.reason, purpose: request.body.purpose },
      },
    ),
  }));

  endpointRoute(app, endpoints.locks, options, async (request) => {
    const { version, ...locks } = request.body;
    return {
      booking: await updateLocks(db, mail, { actor: actorOf(request), bookingId: request.params.id, version: versionOf(request, version), locks }),
    };
  });
};
