import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftVoucherEndpoints } from '../../../../shared/api/endpoints/gift-vouchers';
import { redeemVoucherResponse } from '../../../../shared/api/gift-vouchers';
import { IDEMPOTENCY_HEADER, MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { headerValue } from '../../../platform/http/request-headers';
import { readIdempotencyKey, requestFingerprint, runIdempotent } from '../../../platform/idempotency';
import { bookerBooking } from '../booker-booking';
import { payWithVoucher } from '../voucher-payment';
import { toBookerBooking } from '../booking-record';

/**
 * The booker page's voucher box (issue 32, decisions 0401, 0545): a booking write of the booking domain that asks the
 * ledger (commerce/records.ts) once to pay with the voucher, so the call goes one way, booking → commerce.
 */
export const voucherBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mailer = { mail: app.deps.mail, baseUrl: app.deps.publicUrl };

  endpointRoute(
    app,
    giftVoucherEndpoints.redeem,
    { tags: ['gift vouchers'], summary: 'Pay what is outstanding on a booking with a gift voucher (X-Manage-Key; Idempotency-Key makes retries safe)' },
    async (request, reply) => {
      const booking = await bookerBooking({
        db,
        guesses: app.deps.codeGuesses,
        code: request.params.code,
        manageKey: headerValue(request.headers[MANAGE_KEY_HEADER], 128),
        ip: request.ip,
      });
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const result = await runIdempotent(
        db,
        {
          scope: 'POST /api/booking/:code/voucher',
          key,
          fingerprint: requestFingerprint({ booking: booking.id, body: request.body }),
          parse: (stored) => redeemVoucherResponse.parse(stored),
        },
        async (tx) => {
          const paid = await payWithVoucher(tx, { bookingId: booking.id, code: request.body.code, field: 'code', now: new Date() }, mailer);
          return { statusCode: 200, body: { booking: toBookerBooking(paid.aggregate), voucher: paid.redemption } };
        },
      );
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      return result.body;
    },
  );
};
