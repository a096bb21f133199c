import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBookingResponse } from '../../../shared/api/booking';
import { errorResponse, errorResponses, idParam } from '../../../shared/api/common';
import {
  addNoteBody,
  DETAIL_MESSAGES,
  detailPatchBody,
  emergencyHostBody,
  emergencyHostResponse,
  heartbeatSchema,
  leadStatusBody,
  locksBody,
  paymentParams,
  recordPaymentBody,
  refundPaymentBody,
  reopenBody,
  startGameResponse,
  toggleWeaponsBody,
  toggleWeaponsResponse,
  voidPaymentBody,
} from '../../../shared/api/admin-booking-detail';
import type { BookingMailer } from '../../lib/booking-mails';
import { UnauthenticatedError, ValidationError } from '../../lib/errors';
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

const tags = ['admin booking detail'];

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

  app.get('/bookings/:id', { schema: { tags, params: idParam, response: { 200: adminBookingResponse, ...errorResponses } } }, async (request) => ({
    booking: await getBooking(db, request.params.id),
  }));

  app.patch(
    '/bookings/:id',
    { schema: { tags, params: idParam, body: detailPatchBody, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => ({
      booking: await patchBooking(db, bookingMailer(), {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        body: request.body,
      }),
    }),
  );

  app.post(
    '/bookings/:id/notes',
    { schema: { tags, params: idParam, body: addNoteBody, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => ({
      booking: await addNote(db, {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        note: request.body.note,
        type: request.body.type,
      }),
    }),
  );

  app.post(
    '/bookings/:id/lead-status',
    { schema: { tags, params: idParam, body: leadStatusBody, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => ({
      booking: await changeLeadStatus(db, {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        leadStatus: request.body.lead_status,
        reason: request.body.lead_status_reason,
      }),
    }),
  );

  app.post(
    '/bookings/:id/start-game',
    { schema: { tags, params: idParam, response: { 200: startGameResponse, ...errorResponses } } },
    async (request) => startGame(db, { actor: actorOf(request), bookingId: request.params.id, version: versionOf(request, undefined) }),
  );

  app.post(
    '/bookings/:id/resume-game',
    { schema: { tags, params: idParam, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => ({ booking: await resumeGame(db, { actor: actorOf(request), bookingId: request.params.id }) }),
  );

  app.post(
    '/bookings/:id/reopen',
    { schema: { tags, params: idParam, body: reopenBody, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => ({
      booking: await reopenBooking(db, {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        reason: request.body.reason,
      }),
    }),
  );

  app.post(
    '/bookings/:id/emergency-change-host',
    { schema: { tags, params: idParam, body: emergencyHostBody, response: { 200: emergencyHostResponse, ...errorResponses } } },
    async (request) => ({
      message: DETAIL_MESSAGES.hostChanged,
      booking: await emergencyChangeHost(db, bookingMailer(), {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        hostId: request.body.host_id,
      }),
    }),
  );

  app.post(
    '/bookings/:id/toggle-weapons',
    { schema: { tags, params: idParam, body: toggleWeaponsBody, response: { 200: toggleWeaponsResponse, ...errorResponses } } },
    async (request) => {
      const booking = await toggleWeapons(db, {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        weaponsOn: request.body.weapons_on,
      });
      return { weapons_on: booking.game?.weapons_on ?? request.body.weapons_on, booking };
    },
  );

  app.get(
    '/bookings/:id/game-heartbeat',
    { schema: { tags, params: idParam, response: { 200: heartbeatSchema, ...errorResponses } } },
    async (request) => heartbeat(db, request.params.id),
  );

  app.post(
    '/bookings/:id/payments',
    { schema: { tags, params: idParam, body: recordPaymentBody, response: { 201: adminBookingResponse, ...errorResponses } } },
    async (request, reply) => {
      const booking = await recordBookingPayment(db, bookingMailer(), {
        actor: actorOf(request),
        bookingId: request.params.id,
        version: versionOf(request, request.body.version),
        paymentType: request.body.payment_type,
        paymentAmount: request.body.payment_amount,
      });
      return reply.code(201).send({ booking });
    },
  );

  app.post(
    '/bookings/:id/payments/:paymentId/void',
    { schema: { tags, params: paymentParams, body: voidPaymentBody, response: { 201: adminBookingResponse, ...errorResponses } } },
    async (request, reply) => {
      const booking = await correctBookingPayment(db, { mailer: bookingMailer(), provider: app.deps.payments.provider }, {
        actor: actorOf(request),
        bookingId: request.params.id,
        paymentId: request.params.paymentId,
        version: versionOf(request, request.body.version),
        correction: { kind: 'void', reason: request.body.reason },
      });
      return reply.code(201).send({ booking });
    },
  );

  app.post(
    '/bookings/:id/payments/:paymentId/refund',
    { schema: { tags, params: paymentParams, body: refundPaymentBody, response: { 201: adminBookingResponse, ...errorResponses, 502: errorResponse } } },
    async (request, reply) => {
      const booking = await correctBookingPayment(db, { mailer: bookingMailer(), provider: app.deps.payments.provider }, {
        actor: actorOf(request),
        bookingId: request.params.id,
        paymentId: request.params.paymentId,
        version: versionOf(request, request.body.version),
        correction: { kind: 'refund', amount: request.body.amount, reason: request.body.reason },
      });
      return reply.code(201).send({ booking });
    },
  );

  app.patch(
    '/bookings/:id/locks',
    { schema: { tags, params: idParam, body: locksBody, response: { 200: adminBookingResponse, ...errorResponses } } },
    async (request) => {
      const { version, ...locks } = request.body;
      return {
        booking: await updateLocks(db, mail, { actor: actorOf(request), bookingId: request.params.id, version: versionOf(request, version), locks }),
      };
    },
  );
};
