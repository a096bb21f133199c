import { adminBookingTimelineEndpoints as ep } from '../../../shared/api/endpoints/admin-booking-timeline';
import { messageScheduleEndpoints as msgEp } from '../../../shared/api/endpoints/message-schedule';
import { api } from '../../lib/api-client';

/** Under the booking's key, so anything that drops the booking's queries drops this too. */
export const timelineQueryKey = (id: number) => ['admin-booking', id, 'timeline'] as const;

export const fetchTimeline = (id: number) => api(ep.timeline, { params: { id } });

export const resendMail = (id: number, mailId: number) => api(ep.resendMail, { params: { id, mailId } }).then((r) => r.mail);

/** Staff skip one of the booking's scheduled messages: it is never sent. */
export const skipScheduledMessage = (id: number, messageId: number) => api(msgEp.skip, { params: { id, messageId } }).then((r) => r.scheduled_message);
