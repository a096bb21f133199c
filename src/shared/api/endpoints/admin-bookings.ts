import { defineEndpoint } from '../endpoint';
import { adminBookingResponse } from '../booking';
import {
  adminCreateBookingBody,
  bookingMetricsSchema,
  calendarMetricsSchema,
  calendarResponse,
  dateRangeQuery,
  enquiryLeadQuery,
  enquiryLeadResponse,
  exportBookingsQuery,
  exportCsvResponse,
  leadMetricsSchema,
  listBookingsQuery,
  listBookingsResponse,
} from '../admin-bookings';

const base = '/api/admin/bookings';

/** The bookings workspace (decision 0150). */
export const adminBookingsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: base, query: listBookingsQuery, response: listBookingsResponse }),
  metrics: defineEndpoint({ method: 'GET', path: `${base}/metrics`, response: bookingMetricsSchema }),
  leadMetrics: defineEndpoint({ method: 'GET', path: `${base}/leads-metrics`, response: leadMetricsSchema }),
  calendar: defineEndpoint({ method: 'GET', path: `${base}/calendar`, query: dateRangeQuery, response: calendarResponse }),
  calendarMetrics: defineEndpoint({ method: 'GET', path: `${base}/calendar/metrics`, query: dateRangeQuery, response: calendarMetricsSchema }),
  chart: defineEndpoint({ method: 'GET', path: `${base}/enquiry-lead-metrics`, query: enquiryLeadQuery, response: enquiryLeadResponse }),
  /** A CSV download the browser opens itself (never through the JSON client). */
  export: defineEndpoint({ method: 'GET', path: `${base}/export`, query: exportBookingsQuery, response: exportCsvResponse }),
  create: defineEndpoint({ method: 'POST', path: base, body: adminCreateBookingBody, response: adminBookingResponse, status: 201 }),
};
