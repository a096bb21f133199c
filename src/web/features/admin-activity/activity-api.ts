import { bookingFactsRoots } from '../../lib/booking-facts-data';
import { ACTIVITY_PER_PAGE } from '../../../shared/api/activity';
import { adminActivityEndpoint } from '../../../shared/api/endpoints/admin-activity';
import { api } from '../../lib/api-client';

export const activityKey = bookingFactsRoots.activity;

export type ActivityFilters = { page: number; bookingId: number | null; userId: number | null };

export function fetchActivity(filters: ActivityFilters) {
  return api(adminActivityEndpoint, {
    query: { page: filters.page, per_page: ACTIVITY_PER_PAGE, booking_id: filters.bookingId, user_id: filters.userId },
  });
}
