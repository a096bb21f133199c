import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminBookingTimelineEndpoints as timelineEp } from '../../src/shared/api/endpoints/admin-booking-timeline';
import { messageScheduleEndpoints as msgEp } from '../../src/shared/api/endpoints/message-schedule';
import type { ScheduledMessageDto } from '../../src/shared/api/message-schedule';
import { BalanceOverdueBadge, TimelineSection } from '../../src/web/features/admin-booking-detail/timeline-section';
import { adminBooking } from './support/admin-booking';
import { answer, calls } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

const writes = () => calls().filter((c) => c.method !== 'GET');

describe('the message schedule for staff (component)', () => {
  it('lists a booking’s messages by due time in the game’s zone with their status; Skip skips a waiting one', async () => {
    const booking = adminBooking({ id: 7, timezone: 'America/New_York' });
    let messages: ScheduledMessageDto[] = [
      { id: 1, kind: 'balance_due_reminder', due_at: '2030-05-31T14:00:00.000Z', status: 'failed' },
      { id: 2, kind: 'game_reminder_first', due_at: '2030-06-08T14:00:00.000Z', status: 'scheduled' },
      { id: 3, kind: 'feedback_request', due_at: '2030-06-16T00:00:00.000Z', status: 'scheduled' },
    ];
    answer(timelineEp.timeline, () => ({ entries: [], mails: [], truncated: false, scheduled_messages: messages, balance_overdue: true }));
    answer(msgEp.skip, ({ params }) => {
      messages = messages.map((m) => (String(m.id) === params.messageId ? { ...m, status: 'skipped' } : m));
      const skipped = messages.find((m) => String(m.id) === params.messageId);
      if (!skipped) throw new Error('unknown message');
      return { scheduled_message: skipped };
    });
    const { user } = renderScreen(
      <>
        <BalanceOverdueBadge booking={booking} />
        <TimelineSection booking={booking} />
      </>,
      { path: '/admin/bookings/7' },
    );
    // The timeline says the balance is overdue: the badge beside the booking's code.
    expect(await screen.findByText('Balance overdue')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Scheduled messages of this booking' });
    const rows = within(table).getAllByTestId('scheduled-message');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Balance due today reminder31/05/2030 10:00'),
      expect.stringContaining('Game reminder (first)08/06/2030 10:00'),
      expect.stringContaining('Feedback request15/06/2030 20:00'),
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Skip/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Skip Game reminder (first)' }));
    await findToast('Game reminder (first) skipped');
    expect(writes().map((c) => new URL(c.url).pathname)).toEqual(['/api/admin/bookings/7/scheduled-messages/2/skip']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Skip Game reminder (first)' })).toBeNull());
  });
});
