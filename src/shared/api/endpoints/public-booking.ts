import { defineEndpoint } from '../endpoint';
import { bookerBookingResponse, bookingByCodeResponse } from '../booking';
import { bookingCalendarResponse, bookingCodeParams, bookingIdParams, createBookingBody, manageKeyParams, updateBookingBody } from '../public-booking';

/** The public booking: create (send IDEMPOTENCY_HEADER), change, and load by code or management key. */
export const publicBookingEndpoints = {
  create: defineEndpoint({ method: 'POST', path: '/api/bookings', body: createBookingBody, response: bookerBookingResponse, status: 201 }),
  update: defineEndpoint({ method: 'PATCH', path: '/api/bookings/:id', params: bookingIdParams, body: updateBookingBody, response: bookerBookingResponse }),
  byCode: defineEndpoint({ method: 'GET', path: '/api/booking/:code', params: bookingCodeParams, response: bookingByCodeResponse }),
  /** The game as a calendar event (the booker page's "Add to calendar"): by temporary or game code, like byCode. */
  calendar: defineEndpoint({ method: 'GET', path: '/api/booking/:code/calendar.ics', params: bookingCodeParams, response: bookingCalendarResponse }),
  byManageKey: defineEndpoint({ method: 'GET', path: '/api/manage/:key', params: manageKeyParams, response: bookerBookingResponse }),
};
