import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { mailParams, resendMailResponse, timelineResponse } from '../booking-timeline';

/** A booking's timeline and the resend of one of its mails (decision 0200). */
export const adminBookingTimelineEndpoints = {
  timeline: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/timeline', params: idParam, response: timelineResponse }),
  resendMail: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bookings/:id/mails/:mailId/resend',
    params: mailParams,
    response: resendMailResponse,
    status: 201,
  }),
};
