import { apiRequest } from '../../lib/api-client';
import {
  bookingMetricsSchema,
  calendarMetricsSchema,
  calendarResponse,
  enquiryLeadResponse,
  leadMetricsSchema,
  listBookingsResponse,
  type AdminCreateBookingInput,
} from '../../../shared/api/admin-bookings';
import { adminBookingResponse } from '../../../shared/api/booking';
import type { ChartInterval } from '../../../shared/chart-interval';

const BASE = '/api/admin/bookings';
export const EXPORT_URL = `${BASE}/export`;

export const bookingsKeys = {
  all: ['admin-bookings'] as const,
  list: (q: Record<string, string | number>) => ['admin-bookings', 'list', q] as const,
  metrics: ['admin-bookings', 'metrics'] as const,
  leadMetrics: ['admin-bookings', 'leads-metrics'] as const,
  calendar: (start: string, end: string) => ['admin-bookings', 'calendar', start, end] as const,
  calendarMetrics: (start: string, end: string) => ['admin-bookings', 'calendar-metrics', start, end] as const,
  chart: (start: string, end: string, interval: ChartInterval) => ['admin-bookings', 'chart', start, end, interval] as const,
};

export const fetchBookings = (query: Record<string, string | number>, signal?: AbortSignal) =>
  apiRequest(BASE, { query, schema: listBookingsResponse, ...(signal ? { signal } : {}) });
export const fetchMetrics = () => apiRequest(`${BASE}/metrics`, { schema: bookingMetricsSchema });
export const fetchLeadMetrics = () => apiRequest(`${BASE}/leads-metrics`, { schema: leadMetricsSchema });
export const fetchCalendar = (start_date: string, end_date: string) => apiRequest(`${BASE}/calendar`, { query: { start_date, end_date }, schema: calendarResponse });
export const fetchCalendarMetrics = (start_date: string, end_date: string) =>
  apiRequest(`${BASE}/calendar/metrics`, { query: { start_date, end_date }, schema: calendarMetricsSchema });
export const fetchChart = (start_date: string, end_date: string, interval: ChartInterval) =>
  apiRequest(`${BASE}/enquiry-lead-metrics`, { query: { start_date, end_date, interval }, schema: enquiryLeadResponse });
export const createAdminBooking = (body: AdminCreateBookingInput) => apiRequest(BASE, { method: 'POST', body, schema: adminBookingResponse });
