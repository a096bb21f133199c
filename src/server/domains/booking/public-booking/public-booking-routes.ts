import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../../platform/i18n';
import { errorResponse } from '../../../../shared/api/common';
import { publicBookingEndpoints as endpoints } from '../../../../shared/api/endpoints/public-booking';
import { BOOKING_CODE_HEADER, IDEMPOTENCY_HEADER, MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { headerValue } from '../../../platform/http/request-headers';
import { readIdempotencyKey } from '../../../platform/idempotency';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { bookerFeedbackRoutes } from '../booker-feedback/feedback-routes';
import { calendarFeedIcsRoutes } from '../calendar-feed/calendar-feed-routes';
import { voucherBoxRoutes } from './voucher-box-routes';
import { ensureSessionToken } from '../../identity';
import { sha256 } from '../../../platform/crypto';
import { bookingCalendarByCode, createPublicBooking, findBookingByCode, findBookingByManageKey, updatePublicBooking } from './public-booking-service';

export const publicBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const guesses = app.deps.codeGuesses;
  const tags = ['booking'];
  // The booker's feedback page after the game (issue 31), by the same management key as the booking's own routes.
  await app.register(bookerFeedbackRoutes);
  // Hosts' and admins' private calendar feeds (issue 31): read by a calendar app with the secret alone, like these pages.
  await app.register(calendarFeedIcsRoutes);
  await app.register(voucherBoxRoutes);

  endpointRoute(
    app,
    endpoints.create,
    { tags, summary: 'Create a booking from the public wizard (send Idempotency-Key to make retries safe)' },
    async (request, reply) => {
      const idempotencyKey = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const sessionKey = request.auth.sessionKey ?? sha256(ensureSessionToken(request, reply));
      // On one pooled connection's own handle: the create's statements are prepared once per connection (decision 0600).
      const result = await app.deps.database.withConnection((db) =>
        createPublicBooking(
          { db, mail: app.deps.mail, payments: app.deps.payments },
          // Without a language of its own, the booking takes the request's (api-contract, "Languages").
          {
            body: { ...request.body, language: request.body.language ?? requestLanguage(request) },
            sessionKey,
            idempotencyKey,
            baseUrl: app.deps.publicUrl,
            ip: request.ip,
          },
        ),
      );
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      // Only a 201 is ever stored: errors roll the key back, so a retry runs again.
      return result.body;
    },
  );

  endpointRoute(
    app,
    endpoints.update,
    {
      tags,
      summary: 'Change a booking: the creating session, X-Manage-Key with its management key, or X-Booking-Code with the temp code of an unpaid booking',
      // A section staff have locked is refused with 423 (domains/booking/section-locks.ts).
      errors: { 423: errorResponse },
    },
    async (request) => {
      const bookingCode = headerValue(request.headers[BOOKING_CODE_HEADER], 64);
      const manageKey = headerValue(request.headers[MANAGE_KEY_HEADER], 128);
      return updatePublicBooking(
        { db, guesses, mail: app.deps.mail, payments: app.deps.payments, baseUrl: app.deps.publicUrl },
        { id: request.params.id, body: request.body, sessionKey: request.auth.sessionKey, bookingCode, manageKey, ip: request.ip },
      );
    },
  );

  endpointRoute(
    app,
    endpoints.byCode,
    {
      tags,
      summary:
        "Load a booking by temporary or game code (wrong codes rate-limited per IP): the organiser's view with X-Manage-Key or from the browser that made it, an unpaid temp code's view (no key or contact details), else the public view",
    },
    async (request) =>
      findBookingByCode(
        { db, guesses },
        { code: request.params.code, ip: request.ip, manageKey: headerValue(request.headers[MANAGE_KEY_HEADER], 128), sessionKey: request.auth.sessionKey },
      ),
  );

  endpointRoute(
    app,
    endpoints.calendar,
    { tags, summary: 'The game as a calendar event (text/calendar, METHOD:PUBLISH) by temporary or game code (wrong codes rate-limited per IP)' },
    async (request, reply) => {
      const ics = await bookingCalendarByCode({ db, guesses }, { code: request.params.code, ip: request.ip, baseUrl: app.deps.publicUrl });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="hatch-game.ics"')
        .header('Cache-Control', 'no-store')
        .send(ics);
    },
  );

  endpointRoute(
    app,
    endpoints.byManageKey,
    { tags, summary: "The organiser's booking by its private management key (wrong codes rate-limited per IP)" },
    async (request) => findBookingByManageKey({ db, guesses }, { key: request.params.key, ip: request.ip }),
  );
};
