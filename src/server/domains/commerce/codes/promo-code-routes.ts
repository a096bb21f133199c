import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPromoCodesEndpoints, discountQuoteEndpoint } from '../../../../shared/api/endpoints/promo-codes';
import { UnauthenticatedError, ValidationError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createPromoCode, listPromoCodes } from './promo-codes';
import { quoteDiscountCode } from './discount-quote';
import { DISCOUNT_MESSAGES } from '../../../../shared/commerce/discount-code';

function actorOf(request: FastifyRequest): { id: number } {
  const user = request.auth.user;
  if (!user) throw new UnauthenticatedError();
  return { id: user.id };
}

/** Staff's promo codes; under /api/admin, so the admin guard (and CSRF on POST) runs first. */
export const adminPromoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin promo codes'] };
  endpointRoute(app, adminPromoCodesEndpoints.list, options, async () => ({ data: await listPromoCodes(db) }));
  endpointRoute(app, adminPromoCodesEndpoints.create, options, async (request) => ({ data: await createPromoCode(db, actorOf(request), request.body) }));
};

/** An unknown code is a guess like a wrong booking code: it counts against the address (platform/code-guesses.ts). */
const isUnknownCode = (error: unknown) => error instanceof ValidationError && error.message === DISCOUNT_MESSAGES.unknown;

/** What a code does to a booking before it is booked (the wizard's summary, the booker page). */
export const discountQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, discountQuoteEndpoint, { tags: ['booking'] }, async (request) =>
    app.deps.codeGuesses.guard(
      request.ip,
      () =>
        quoteDiscountCode(db, request.params.code, {
          planType: request.query.plan_type,
          players: request.query.players,
          currency: request.query.currency,
          addOns: request.query.add_ons,
          now: new Date(),
        }),
      isUnknownCode,
    ),
  );
};
