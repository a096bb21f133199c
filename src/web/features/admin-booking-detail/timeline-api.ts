import { resendMailResponse, timelineResponse } from '../../../shared/api/booking-timeline';
import { apiRequest } from '../../lib/api-client';

/** Under the booking's key, so anything that drops the booking's queries drops this too. */
export const timelineQueryKey = (id: number) => ['admin-booking', id, 'timeline'] as const;

export const fetchTimeline = (id: number) => apiRequest(`/api/admin/bookings/${id}/timeline`, { schema: timelineResponse });

export const resendMail = (id: number, mailId: number) =>
  apiRequest(`/api/admin/bookings/${id}/mails/${mailId}/resend`, { method: 'POST', schema: resendMailResponse }).then((r) => r.mail);
