import { describe, expect, it } from 'vitest';
import { adminBookingDetailEndpoints as ep } from '../../src/shared/api/endpoints/admin-booking-detail';
import { adminBookingTimelineEndpoints as timelineEp } from '../../src/shared/api/endpoints/admin-booking-timeline';
import { BookingDetailPage } from '../../src/web/features/admin-booking-detail/booking-detail-page';
import type { AdminBooking } from '../../src/shared/api/booking';
import { adminBooking } from './support/admin-booking';
import { answer } from './support/network';
import { region, renderScreen, screen } from './support/render';

function openBooking(booking: AdminBooking, history: string[] = []) {
  answer(ep.get, { booking });
  answer(timelineEp.timeline, { entries: [], mails: [], truncated: false });
  return renderScreen(<BookingDetailPage />, { path: `/admin/bookings/${booking.id}`, route: '/admin/bookings/:id', history });
}

describe('admin booking detail (component)', () => {
  it('shows the record', async () => {
    openBooking(adminBooking());
    await screen.findByRole('region', { name: 'Basic Information' });
    expect(region('Basic Information').textContent).toContain('Paula Plain');
  });
});
