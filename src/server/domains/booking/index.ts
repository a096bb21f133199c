export { foldKeyCountDeltas } from './admin-bookings/booking-counts-repository';
export { recordPayment } from './booking-lifecycle';
export { RESULTS_MAIL_KIND, queueResultsMail, resultsMail, type BookingMailer } from './booking-mails';
export { assertBookingTransition, assertGameTransition, moveBooking, staffTrigger, stateOfRow } from './booking-transitions';
export { withBooking, type BookingWrite } from './booking-write';
export * from './booking-summaries';
export * from './booking-lookups';
export { addPricingHistory, convertLead } from './booking-history';
