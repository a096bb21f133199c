export { createBooking, createPaidBooking, startableSchedule, type BookingInsert } from '../../scripts/booking-rows';
