import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { adminBookingsEndpoints as ep } from '../../src/shared/api/endpoints/admin-bookings';
import { feedbackEndpoints } from '../../src/shared/api/endpoints/feedback';
import type { BookingListItem } from '../../src/shared/api/booking';
import { BookingsPage } from '../../src/web/features/admin-bookings/bookings-page';
import { adminBooking } from './support/admin-booking';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';

/** A row of the list as the server sends it (the detail record without its history, plus the last contact). */
function listItem(overrides: Partial<BookingListItem>): BookingListItem {
  const { contact_history: _c, pricing_history: _p, booking_payments: _b, teams_list: _t, ...rest } = adminBooking();
  return { ...rest, last_contact_at: null, balance_overdue: false, ...overrides };
}

const IRIS = listItem({ id: 51, code: 'IRIS01', full_name: 'Iris Instagram', email: 'iris@example.test', utm_source: 'instagram' });
const LEAH = listItem({ id: 52, code: 'LEAH01', full_name: 'Leah Lead', email: 'leah@example.test', booking_status: 'lead', lead_status: 'contacted' });
const ONE_PAGE = { current_page: 1, last_page: 1, per_page: 10, total: 1 };
const METRICS = { total: 2, need_venues: 0, need_hosts: 0, unactivated: 0, upcoming: 0, played: 0 };
const LEAD_METRICS = { converted_leads: 0, new_leads: 1, contacted_leads: 1, negotiating_leads: 0, lost_leads: 0, total_leads: 2, conversion_rate: 0 };

const openBookings = (path: string) => renderScreen(<BookingsPage />, { path, route: '/admin/bookings' });

/** /admin/bookings on its own (spec section 2 and 8); the journeys through the views are tests/e2e/admin-bookings.test.ts. */
describe('admin bookings: load failures (component)', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
  });

  it('toasts a failed list or chart, and only logs failed metrics', async () => {
    answer(ep.list, failWith(500, 'Server Error'));
    answer(ep.metrics, failWith(500, 'Server Error'));
    const first = openBookings('/admin/bookings');
    await findToast('Failed to load bookings');
    await vi.waitFor(() => expect(warn.mock.calls.some((c) => String(c[0]).includes('Failed to load booking metrics'))).toBe(true));
    expect(screen.queryByText('Failed to load booking metrics')).toBeNull();
    first.unmount();

    answer(ep.chart, failWith(500, 'Server Error'));
    answer(feedbackEndpoints.metrics, { average: 4.5, count: 2 });
    openBookings('/admin/bookings?view=stats');
    // The booker's ratings of the range's games (issue 31) show beside the totals, whatever the chart did.
    expect((await screen.findByText('4.5 / 5 (2 ratings)')).dataset.testid).toBe('average-rating');
    await findToast('Failed to load chart data');
    expect(callsTo(ep.chart).length).toBeGreaterThan(0);
  });

  for (const [view, path, item, empty, metrics] of [
    ['all bookings', '/admin/bookings', IRIS, 'No bookings found.', ep.metrics],
    ['leads', '/admin/bookings?view=leads', LEAH, 'No leads found.', ep.leadMetrics],
  ] as const) {
    it(`shows an error with Retry on the ${view} tab, and Retry loads the list`, async () => {
      let failing = true;
      answer(ep.list, () => (failing ? failWith(500, 'Server Error') : { bookings: [item], pagination: ONE_PAGE }));
      if (metrics === ep.metrics) answer(ep.metrics, METRICS);
      else answer(ep.leadMetrics, LEAD_METRICS);
      const { user } = openBookings(path);
      const alert = await screen.findByRole('alert', {}, { timeout: 3_000 });
      expect(alert.textContent).toContain('Failed to load bookings');
      await findToast('Failed to load bookings');
      expect(screen.queryByText(empty)).toBeNull();
      expect(callsTo(ep.list).length).toBeGreaterThan(0);
      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      const name = item.full_name ?? '';
      await screen.findByRole('row', { name: new RegExp(name) });
      expect(screen.queryAllByRole('alert').filter((a) => a.textContent?.includes('Failed to load bookings'))).toEqual([]);
    });
  }
});

describe('admin bookings: copying an email (component)', () => {
  it('copies an email with a toast', async () => {
    answer(ep.list, { bookings: [IRIS], pagination: ONE_PAGE });
    answer(ep.metrics, METRICS);
    const { user } = openBookings('/admin/bookings');
    await user.click(await screen.findByRole('button', { name: 'iris@example.test' }));
    await findToast('Email copied to clipboard');
    expect(await navigator.clipboard.readText()).toBe('iris@example.test');
  });

  it('marks a booking whose bank-transfer balance is overdue, and only that one', async () => {
    const OTTO = listItem({ id: 53, code: 'OTTO01', full_name: 'Otto Overdue', email: 'otto@example.test', balance_overdue: true });
    answer(ep.list, { bookings: [IRIS, OTTO], pagination: { ...ONE_PAGE, total: 2 } });
    answer(ep.metrics, METRICS);
    openBookings('/admin/bookings');
    const otto = (await screen.findByText('Otto Overdue')).closest('tr');
    const iris = screen.getByText('Iris Instagram').closest('tr');
    if (!otto || !iris) throw new Error('rows not found');
    expect(within(otto).getByText('Overdue')).toBeTruthy();
    expect(within(iris).queryByText('Overdue')).toBeNull();
  });
});
