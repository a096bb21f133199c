// The identity domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminActivityRoutes } from './admin-activity/admin-activity-routes';
export { adminMailRoutes } from './admin-mail/admin-mail-routes';
export { adminUsersRoutes } from './admin-users/admin-users-routes';
export { authRoutes } from './auth/auth-routes';
export { hostSettingsRoutes, hostTimeRoutes } from './host-time-routes';
