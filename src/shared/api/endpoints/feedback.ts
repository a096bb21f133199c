import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { manageKeyParams } from '../public-booking';
import { dateRangeQuery } from '../admin-bookings';
import { adminFeedbackResponse, bookerFeedbackResponse, feedbackBody, feedbackMetricsResponse, feedbackResponse } from '../feedback';

/** The booker's feedback after the game, with the management key; staff read it per booking and as an average. */
export const feedbackEndpoints = {
  bookerFeedback: defineEndpoint({ method: 'GET', path: '/api/manage/:key/feedback', params: manageKeyParams, response: bookerFeedbackResponse }),
  giveFeedback: defineEndpoint({ method: 'PUT', path: '/api/manage/:key/feedback', params: manageKeyParams, body: feedbackBody, response: feedbackResponse }),
  adminFeedback: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/feedback', params: idParam, response: adminFeedbackResponse }),
  metrics: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/feedback-metrics', query: dateRangeQuery, response: feedbackMetricsResponse }),
};
