import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, errorResponses } from '../../../shared/api/common';
import { bookerBookingResponse } from '../../../shared/api/booking';
import {
  BOOKING_CODE_HEADER,
  IDEMPOTENCY_HEADER,
  bookingCodeParams,
  bookingIdParams,
  createBookingBody,
  updateBookingBody,
} from '../../../shared/api/public-booking';
import { readIdempotencyKey } from '../../lib/idempotency';
import { ensureSessionToken } from '../../plugins/session';
import { sha256 } from '../../lib/crypto';
import { createCodeLookupLimiter, createPublicBooking, findBookingByCode, updatePublicBooking } from './public-booking-service';

export const publicBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const warn = (error: unknown) => app.log.warn({ err: error }, 'code look-up counts not written yet: kept for the next flush');
  const limiter = createCodeLookupLimiter(db, warn);
  // Runs before the database closes (server.ts and the tests close it after the app): the last counts are written.
  app.addHook('onClose', async () => limiter.close().catch(warn));

  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['booking'],
        summary: 'Create a booking from the public wizard (send Idempotency-Key to make retries safe)',
        body: createBookingBody,
        response: { 201: bookerBookingResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const sessionKey = request.auth.sessionKey ?? sha256(ensureSessionToken(request, reply));
      const result = await createPublicBooking(
        { db, mail: app.deps.mail },
        { body: request.body, sessionKey, idempotencyKey, baseUrl: app.deps.publicUrl, ip: request.ip },
      );
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      // Only a 201 is ever stored: errors roll the key back, so a retry runs again.
      return reply.code(201).send(result.body);
    },
  );

  app.patch(
    '/api/bookings/:id',
    {
      schema: {
        tags: ['booking'],
        summary: "Change a booking: the creating session, or X-Booking-Code with the booking's temp or game code",
        params: bookingIdParams,
        body: updateBookingBody,
        response: { 200: bookerBookingResponse, ...errorResponses, 423: errorResponse },
      },
    },
    async (request) => {
      const header = request.headers[BOOKING_CODE_HEADER];
      const bookingCode = typeof header === 'string' && header.trim() !== '' ? header.slice(0, 64) : null;
      return updatePublicBooking({ db, limiter }, { id: request.params.id, body: request.body, sessionKey: request.auth.sessionKey, bookingCode, ip: request.ip });
    },
  );

  app.get(
    '/api/booking/:code',
    {
      schema: {
        tags: ['booking'],
        summary: 'Load a booking by temporary or game code (rate-limited per IP)',
        params: bookingCodeParams,
        response: { 200: bookerBookingResponse, ...errorResponses },
      },
    },
    async (request) => findBookingByCode({ db, limiter }, { code: request.params.code, ip: request.ip }),
  );
};
