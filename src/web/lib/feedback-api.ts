import { feedbackEndpoints as ep } from '../../shared/api/endpoints/feedback';
import type { FeedbackBody } from '../../shared/api/feedback';
import { api } from './api-client';

/** The booker's feedback after the game (issue 31): theirs by the management key; staff's per booking and the stats tab's average. */
export const feedbackKeys = {
  booker: (key: string) => ['feedback', 'booker', key] as const,
  staff: (bookingId: number) => ['feedback', 'staff', bookingId] as const,
  metrics: (start: string, end: string) => ['feedback', 'metrics', start, end] as const,
};

export const fetchBookerFeedback = (key: string) => api(ep.bookerFeedback, { params: { key } });
export const giveFeedback = (key: string, body: FeedbackBody) => api(ep.giveFeedback, { params: { key }, body });
export const fetchStaffFeedback = async (bookingId: number) => (await api(ep.adminFeedback, { params: { id: bookingId } })).feedback;
export const fetchFeedbackMetrics = (start_date: string, end_date: string) => api(ep.metrics, { query: { start_date, end_date } });
