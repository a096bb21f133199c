export { foldKeyCountDeltas } from './admin-bookings/booking-counts-repository';
export { recordPayment } from './booking-lifecycle';
export { loadBookingMailFacts, type BookingMailer, type BookingMailFacts } from './mails/mail-facts';
export { greeting as mailGreeting } from './mails/mail-parts';
export { assertBookingTransition, assertGameTransition, moveBooking, staffTrigger, stateOfRow } from './booking-transitions';
export { withBooking, type BookingWrite } from './booking-write';
export * from './booking-summaries';
export * from './booking-lookups';
export { addPricingHistory, convertLead } from './booking-history';
