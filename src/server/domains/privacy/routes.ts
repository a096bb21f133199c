// The privacy domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { privacyRoutes } from './public-privacy-routes';
export { adminPrivacyRoutes } from './admin-privacy/admin-privacy-routes';
export { activityPart, mailPart, waiverPart } from './privacy-parts';
