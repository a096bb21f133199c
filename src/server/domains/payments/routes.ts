// The payments domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminPaymentsRoutes } from './admin-payments/admin-payments-routes';
export { paymentsRoutes } from './checkout/payments-routes';
