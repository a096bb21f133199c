import { api } from '../../lib/api-client';
import { bookingFactsRoots } from '../../lib/booking-facts-data';
import { ADMIN_CREATED_TRACKING, type AdminCreateBookingInput } from '../../../shared/api/admin-bookings';
import { toBookingFields } from '../../components/booking-wizard/wizard-io';
import type { WizardState } from '../../components/booking-wizard/wizard-state';
import { adminBookingsEndpoints as ep } from '../../../shared/api/endpoints/admin-bookings';
import type { ChartInterval } from '../../../shared/chart-interval';

/** The CSV download's address; the browser fetches it itself (a file, not JSON). */
export const EXPORT_URL = ep.export.path;

const root = bookingFactsRoots.bookings;
export const bookingsKeys = {
  all: root,
  list: (q: Record<string, string | number>) => [...root, 'list', q] as const,
  metrics: [...root, 'metrics'] as const,
  leadMetrics: [...root, 'leads-metrics'] as const,
  calendar: (start: string, end: string) => [...root, 'calendar', start, end] as const,
  calendarMetrics: (start: string, end: string) => [...root, 'calendar-metrics', start, end] as const,
  chart: (start: string, end: string, interval: ChartInterval) => [...root, 'chart', start, end, interval] as const,
};

export const fetchBookings = (query: Record<string, string | number>, signal?: AbortSignal) => api(ep.list, { query, ...(signal ? { signal } : {}) });
export const fetchMetrics = () => api(ep.metrics);
export const fetchLeadMetrics = () => api(ep.leadMetrics);
export const fetchCalendar = (start_date: string, end_date: string) => api(ep.calendar, { query: { start_date, end_date } });
export const fetchCalendarMetrics = (start_date: string, end_date: string) => api(ep.calendarMetrics, { query: { start_date, end_date } });
export const fetchChart = (start_date: string, end_date: string, interval: ChartInterval) => api(ep.chart, { query: { start_date, end_date, interval } });
export const createAdminBooking = (body: AdminCreateBookingInput) => api(ep.create, { body });

/** POST /api/admin/bookings from the wizard state: the booking's fields (as the public create), then a lead, hosted or not, with the admin tracking values. */
export function toAdminCreateBody(s: WizardState): AdminCreateBookingInput {
  return { ...toBookingFields(s), hosted: s.type === 'hosted', booking_status: 'lead', ...ADMIN_CREATED_TRACKING, utcDateTime: s.utcDateTime };
}
