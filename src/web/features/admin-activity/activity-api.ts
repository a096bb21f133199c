import { activityResponse, ACTIVITY_PER_PAGE } from '../../../shared/api/activity';
import { apiRequest } from '../../lib/api-client';

export const activityKey = ['admin', 'activity'] as const;

export type ActivityFilters = { page: number; bookingId: number | null; userId: number | null };

export function fetchActivity(filters: ActivityFilters) {
  return apiRequest('/api/admin/activity', {
    query: { page: filters.page, per_page: ACTIVITY_PER_PAGE, booking_id: filters.bookingId, user_id: filters.userId },
    schema: activityResponse,
  });
}
