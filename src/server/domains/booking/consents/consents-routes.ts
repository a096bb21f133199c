import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyEndpoints as endpoints } from '../../../../shared/api/endpoints/privacy';
import { MANAGE_KEY_HEADER, PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import { PRIVACY_MESSAGES } from '../../../../shared/api/privacy';
import { normalizeCode } from '../../../platform/codes';
import { isRefusal } from '../../../platform/code-guesses';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors';
import { headerValue } from '../../../platform/http/request-headers';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { bookingConsents, recordTermsAcceptance, requireCurrentVersion, termsAcceptanceOf } from '../../privacy';
import { bookingGamesOf } from '../../game/records';
import { findBookingFacts } from '../booking-lookups';
import { assertOrganiser } from '../organiser-key';
import { disputePack } from '../dispute-pack/dispute-pack';
import { paymentMethodOf } from '../../../platform/payment-provider/payment-setup';

/**
 * Who accepted what on a booking (issue 41): the booker on their page (temporary or game code and X-Manage-Key), where a
 * booking staff made asks them to accept the terms; staff on the booking's page. The acceptances are the privacy
 * domain's; this domain only proves who is asking.
 */
export const bookerConsentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['booker'] };
  const bookingOf = (code: string, headers: Record<string, string | string[] | undefined>, ip: string) =>
    app.deps.codeGuesses.guard(
      ip,
      async () => {
        const manageKey = headerValue(headers[MANAGE_KEY_HEADER], 128);
        const booking = manageKey ? await findBookingFacts(db, { manageKey }) : undefined;
        if (!booking) throw new ForbiddenError(PUBLIC_BOOKING_MESSAGES.manageKeyRequired);
        assertOrganiser(booking, manageKey);
        const wanted = normalizeCode(code);
        if (booking.tempCode === wanted) return booking;
        const game = (await bookingGamesOf(db, [booking.id])).get(booking.id);
        if (game?.code !== wanted) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
        return booking;
      },
      isRefusal,
    );

  endpointRoute(app, endpoints.bookerConsents, options, async (request) => {
    const booking = await bookingOf(request.params.code, request.headers, request.ip);
    return { consents: await bookingConsents(db, booking.id) };
  });
  endpointRoute(app, endpoints.bookerAcceptTerms, options, async (request) => {
    const booking = await bookingOf(request.params.code, request.headers, request.ip);
    await db.transaction(async (tx) => {
      if (await termsAcceptanceOf(tx, booking.id)) throw new ConflictError(PRIVACY_MESSAGES.termsAlreadyAccepted);
      const version = await requireCurrentVersion(tx, 'terms', request.body.terms_version);
      if (version === null) throw new ConflictError(PRIVACY_MESSAGES.noTermsPublished);
      await recordTermsAcceptance(tx, booking.id, version, new Date());
    });
    return { consents: await bookingConsents(db, booking.id) };
  });
};

/** Staff read who accepted what on the booking's page (inside the admin scope). */
export const adminConsentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, endpoints.adminConsents, { tags: ['admin: bookings'] }, async (request) => {
    const booking = await findBookingFacts(db, { id: request.params.id });
    if (!booking) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
    return { consents: await bookingConsents(db, booking.id) };
  });
  // The dispute pack (issue 41): one PDF of this booking's evidence for a card dispute.
  endpointRoute(app, endpoints.disputePack, { tags: ['admin: bookings'] }, async (request, reply) => {
    const pack = await disputePack(db, request.params.id, { paymentMethod: paymentMethodOf(app.deps.payments), now: new Date() });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${pack.filename}"`)
      .header('Cache-Control', 'no-store')
      .send(pack.pdf);
  });
};
