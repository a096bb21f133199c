// The integrations domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminIntegrationsRoutes } from './admin-integrations/admin-integrations-routes';
export { outsideApiRoutes } from './outside-api/v1-routes';
