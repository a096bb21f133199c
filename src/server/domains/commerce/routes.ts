import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInvoiceRoutes, bookerInvoiceRoutes } from './invoices/invoices-routes';
import { adminPromoCodesRoutes, discountQuoteRoutes } from './codes/promo-code-routes';
import { adminGiftVoucherRoutes, giftVoucherRoutes } from './vouchers/voucher-routes';
export { adminPaymentsRoutes } from './admin-payments/admin-payments-routes';
export { paymentsRoutes } from './checkout/payments-routes';

// The commerce domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
// Each part (codes/, vouchers/, invoices/) adds its plugins to one of the two lists below, so app.ts stays untouched.

/** Public and booker routes (the booker's own auth is each route's business). */
const publicParts: FastifyPluginAsyncZod[] = [bookerInvoiceRoutes, discountQuoteRoutes, giftVoucherRoutes];

/** Staff routes, registered under /api/admin: the admin guard runs before any of them. */
const adminParts: FastifyPluginAsyncZod[] = [adminInvoiceRoutes, adminPromoCodesRoutes, adminGiftVoucherRoutes];

export const commerceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const part of publicParts) await app.register(part);
};

export const adminCommerceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const part of adminParts) await app.register(part);
};
