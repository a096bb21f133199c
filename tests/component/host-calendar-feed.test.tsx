import { describe, expect, it } from 'vitest';
import { calendarFeedEndpoints as ep } from '../../src/shared/api/endpoints/calendar-feed';
import type { CalendarFeed } from '../../src/shared/api/calendar-feed';
import { CalendarFeedSection } from '../../src/web/features/host/calendar-feed-section';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen } from './support/render';

/** Issue 31 (decision 0394): a host makes their private calendar feed, sees its address once, makes a new one, turns it off. */
describe('host calendar feed (component)', () => {
  it('shows the new address only right after making it, then says the feed is on; a new address and turning it off', async () => {
    let feed: CalendarFeed | null = null;
    let n = 0;
    answer(ep.state, () => ({ feed: feed ? { ...feed, url: null } : null }));
    answer(ep.make, () => {
      n += 1;
      feed = { created_at: '2031-01-02T10:00:00.000Z', url: `https://hatch.example/api/calendar-feeds/secret-${n}/hatch.ics` };
      return { feed };
    });
    answer(ep.revoke, () => {
      feed = null;
      return { ok: true as const };
    });
    const { user } = renderScreen(<CalendarFeedSection />, { path: '/host' });
    await screen.findByText('You have no calendar feed.');

    await user.click(screen.getByRole('button', { name: 'Make my calendar feed' }));
    await findToast('Calendar feed ready');
    const address = await screen.findByLabelText(/Your private address/);
    expect((address as HTMLInputElement).value).toBe('https://hatch.example/api/calendar-feeds/secret-1/hatch.ics');
    await screen.findByTestId('calendar-feed-on');

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await screen.findByDisplayValue('https://hatch.example/api/calendar-feeds/secret-2/hatch.ics');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await findToast('Calendar feed turned off');
    await screen.findByText('You have no calendar feed.');
    expect(screen.queryByLabelText(/Your private address/)).toBeNull();
    expect(callsTo(ep.make)).toHaveLength(2);
    expect(callsTo(ep.revoke)).toHaveLength(1);
  });
});
