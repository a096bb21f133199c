import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { adminGiftVoucherEndpoints, giftVoucherEndpoints } from '../../../../shared/api/endpoints/gift-vouchers';
import { errorResponse } from '../../../../shared/api/common';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { UnauthenticatedError } from '../../../platform/errors';
import { consumeRateLimit } from '../../../platform/rate-limit';
import { requestLanguage } from '../../../platform/i18n';
import { recordActivity } from '../../identity';
import { buyVoucher, voucherOfPage } from './voucher-checkout';
import { adminVoucherDetail, createStaffVoucher, listAdminVouchers, toPublicVoucher } from './voucher-admin';
import { loadValidityMonths, saveValidityMonths } from './voucher-repository';

/** Vouchers bought per client address and hour: far above a buyer's, far below a script's (each opens a checkout). */
const BUY_LIMIT = { perIp: 10, windowSeconds: 60 * 60 };

/** Buying a voucher and its printable page (issue 32, decision 0401). */
export const giftVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['gift vouchers'];
  const mailer = { mail: app.deps.mail, baseUrl: app.deps.publicUrl };
  const deps = (request: FastifyRequest) => ({ db, setup: app.deps.payments, mailer, log: request.log });

  endpointRoute(
    app,
    giftVoucherEndpoints.buy,
    { tags, summary: "Buy a gift voucher: stored pending, paid at the provider's checkout page", errors: { 409: errorResponse, 502: errorResponse } },
    async (request) => {
      await consumeRateLimit(db, `gift-voucher-buy:ip:${request.ip}`, BUY_LIMIT.perIp, BUY_LIMIT.windowSeconds);
      const bought = await buyVoucher(deps(request), request.body, requestLanguage(request));
      return { data: { token: bought.token, status: 'pending' as const }, checkout_url: bought.checkoutUrl };
    },
  );

  // A token is a secret like a management key: a wrong one counts as a guess (platform/code-guesses.ts).
  endpointRoute(app, giftVoucherEndpoints.show, { tags, summary: "A voucher's printable page by its private token" }, async (request) => {
    const now = new Date();
    const voucher = await app.deps.codeGuesses.guard(request.ip, () => voucherOfPage(deps(request), request.params.token, now));
    return { data: toPublicVoucher(voucher, now) };
  });
  // The booker page's voucher box is the booking domain's write (booking/public-booking/voucher-box-routes.ts, 0545).
};

function actorId(request: FastifyRequest): number {
  const user = request.auth.user;
  if (!user) throw new UnauthenticatedError();
  return user.id;
}

/** Staff's vouchers and the validity setting; under /api/admin, so the admin guard (and CSRF on writes) runs first. */
export const adminGiftVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin gift vouchers'] };
  const mailer = { mail: app.deps.mail, baseUrl: app.deps.publicUrl };
  endpointRoute(app, adminGiftVoucherEndpoints.list, options, async () => ({ data: await listAdminVouchers(db, new Date()) }));
  endpointRoute(app, adminGiftVoucherEndpoints.create, options, async (request) => {
    const data = await createStaffVoucher(db, { actorId: actorId(request), body: request.body, mailer, now: new Date() });
    return { data };
  });
  endpointRoute(app, adminGiftVoucherEndpoints.detail, options, async (request) => ({ data: await adminVoucherDetail(db, request.params.id, new Date()) }));
  endpointRoute(app, adminGiftVoucherEndpoints.settings, options, async () => ({ data: { validity_months: await loadValidityMonths(db) } }));
  endpointRoute(app, adminGiftVoucherEndpoints.saveSettings, options, async (request) => {
    const id = actorId(request);
    await db.transaction(async (tx) => {
      const before = await loadValidityMonths(tx);
      await saveValidityMonths(tx, request.body.validity_months);
      await recordActivity(tx, {
        actorId: id,
        action: 'gift_voucher.settings',
        entityType: 'setting',
        before: { validity_months: before },
        after: { validity_months: request.body.validity_months },
      });
    });
    return { data: { validity_months: await loadValidityMonths(db) } };
  });
};
