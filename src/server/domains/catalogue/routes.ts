// The catalogue domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminChallengesRoutes } from './admin-challenges/admin-challenges-routes';
export { geocodeRoutes } from './geocode/geocode-routes';
export { pricingRoutes } from './pricing/pricing-routes';
export { adminPricingRoutes } from './pricing/admin-pricing-routes';
