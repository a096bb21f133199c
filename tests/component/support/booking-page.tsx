import { privacyEndpoints } from '../../../src/shared/api/endpoints/privacy';
import { adminBookingDetailEndpoints as ep } from '../../../src/shared/api/endpoints/admin-booking-detail';
import { adminBookingTimelineEndpoints as timelineEp } from '../../../src/shared/api/endpoints/admin-booking-timeline';
import { invoiceEndpoints } from '../../../src/shared/api/endpoints/invoices';
import { adminUsersEndpoints } from '../../../src/shared/api/endpoints/admin-users';
import { hostTimeEndpoints } from '../../../src/shared/api/endpoints/host-time';
import { feedbackEndpoints } from '../../../src/shared/api/endpoints/feedback';
import { briefingEndpoints } from '../../../src/shared/api/endpoints/briefing';
import type { AdminBooking } from '../../../src/shared/api/booking';
import { BookingDetailPage } from '../../../src/web/features/admin-booking-detail/booking-detail-page';
import { answer } from './network';
import { renderScreen } from './render';

/** The one host the staff may pick on the booking page, free for its game. */
export const HATTIE = { id: 5, name: 'Hattie Host', email: 'hattie@e2e.test' };

/**
 * The booking page (/admin/bookings/{id}) on its own, as the booking detail and the languages tests open it: the real
 * page, its sections' reads answered (an empty timeline, no invoices, feedback or consents, Hattie the only host), and
 * the booking kept in `store`, whose `set` stores a change with the next version as the server does.
 */
export function openBooking(booking: AdminBooking, { history = [] as string[] } = {}) {
  let current = booking;
  const store = {
    get current() {
      return current;
    },
    set(next: AdminBooking) {
      current = { ...next, version: current.version + 1 };
      return current;
    },
  };
  answer(ep.get, () => ({ booking: store.current }));
  answer(timelineEp.timeline, { entries: [], mails: [], truncated: false, scheduled_messages: [], balance_overdue: false });
  answer(adminUsersEndpoints.hosts, { hosts: [HATTIE] });
  answer(invoiceEndpoints.adminList, { invoices: [], waiting: [], waiting_message: null, not_mailed: [], not_mailed_message: null });
  answer(feedbackEndpoints.adminFeedback, { feedback: null });
  answer(privacyEndpoints.adminConsents, { consents: { terms_pending: false, current_terms_version: null, terms: null, players: [] } });
  answer(briefingEndpoints.admin, { briefing: null, finish_message: null, default_briefing: 'Stay together.', default_finish_message: 'Meet at the start.' });
  answer(hostTimeEndpoints.availableFor, { hosts: [{ id: HATTIE.id, name: HATTIE.name, available: true, reason: null, clash_code: null }] });
  const screenUtils = renderScreen(<BookingDetailPage />, { path: `/admin/bookings/${booking.id}`, route: '/admin/bookings/:id', history });
  return { ...screenUtils, store };
}
