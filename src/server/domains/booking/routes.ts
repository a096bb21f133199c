// The booking domain's route plugins, for app.ts to register. Other domains use index.ts, never this file.
export { adminBookingDetailRoutes } from './admin-booking-detail/admin-booking-detail-routes';
export { adminBookingTimelineRoutes } from './admin-booking-timeline/admin-booking-timeline-routes';
export { adminBookingsRoutes } from './admin-bookings/admin-bookings-routes';
export { bookerGameRoutes } from './booker-game/booker-game-routes';
export { publicBookingRoutes } from './public-booking/public-booking-routes';
export { adminConsentsRoutes, bookerConsentsRoutes } from './consents/consents-routes';
