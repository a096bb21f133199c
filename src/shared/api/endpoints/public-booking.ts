import { defineEndpoint } from '../endpoint';
import { bookerBookingResponse, bookingByCodeResponse } from '../booking';
import { bookingCodeParams, bookingIdParams, createBookingBody, manageKeyParams, updateBookingBody } from '../public-booking';

/** The public booking: create (send IDEMPOTENCY_HEADER), change, and load by code or management key. */
export const publicBookingEndpoints = {
  create: defineEndpoint({ method: 'POST', path: '/api/bookings', body: createBookingBody, response: bookerBookingResponse, status: 201 }),
  update: defineEndpoint({ method: 'PATCH', path: '/api/bookings/:id', params: bookingIdParams, body: updateBookingBody, response: bookerBookingResponse }),
  byCode: defineEndpoint({ method: 'GET', path: '/api/booking/:code', params: bookingCodeParams, response: bookingByCodeResponse }),
  byManageKey: defineEndpoint({ method: 'GET', path: '/api/manage/:key', params: manageKeyParams, response: bookerBookingResponse }),
};
