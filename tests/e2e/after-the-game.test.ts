import { describe, expect, it } from 'vitest';
import { createPaidBooking } from '../support/fixtures';
import { feedbackUrlOf } from '../../src/shared/booking-links';
import { PHONE, newPage } from './support/browser';
import { seriousA11yViolations } from './support/axe';
import { useServerAndBrowser } from './support/journey';

/**
 * After the game (issue 31, decision 0393): the booker rates the game from the feedback request mail's link on a
 * phone, and staff see the rating on the booking and as the average in the stats tab. The server's rules are
 * tests/api/booking-feedback.test.ts.
 */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

const j = useServerAndBrowser({
  seed: async (db) => {
    const date = daysAgo(3);
    const { booking } = await createPaidBooking(db, { fullName: 'Rated Group', city: 'Brighton', date, utcDateTime: new Date(`${date}T13:00:00Z`) });
    return { id: booking.id, manageKey: booking.manageKey };
  },
});

describe('after the game', () => {
  it('the booker rates the game from the mailed link on a phone; staff see it on the booking and in the stats tab', async () => {
    // The link the feedback request mail carries: the same shared function builds it.
    const link = feedbackUrlOf(j.server.url, j.seed.manageKey);
    const booker = await newPage(j.browser, j.server.url, PHONE);
    await booker.page.goto(link);
    const form = booker.page.getByTestId('feedback-form');
    await form.waitFor();
    expect(await form.textContent()).toContain('Brighton');
    // Sending without a rating is caught on the page, with the server's own wording.
    await booker.page.getByRole('button', { name: 'Send feedback' }).click();
    await booker.page.getByText('Please choose a rating from 1 to 5').waitFor();
    await booker.page.getByLabel('4 out of 5').check({ force: true });
    await booker.page.getByLabel(/Anything you would like to tell us/).fill('Great fun, the Chicken hid well.');
    await booker.page.getByRole('button', { name: 'Send feedback' }).click();
    await booker.page.getByTestId('feedback-saved').waitFor();
    expect(await booker.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(booker.page)).toEqual([]);
    // Coming back, the booker sees what they gave and may change it.
    await booker.page.reload();
    await booker.page.getByRole('button', { name: 'Update my feedback' }).waitFor();
    expect(await booker.page.getByLabel('4 out of 5').isChecked()).toBe(true);

    const staff = await j.staffPage(`/admin/bookings/${j.seed.id}`);
    const card = staff.page.getByTestId('staff-feedback');
    await card.waitFor({ timeout: 10_000 });
    expect(await staff.page.getByTestId('staff-feedback-rating').textContent()).toBe('4 / 5');
    expect(await staff.page.getByTestId('staff-feedback-comment').textContent()).toBe('Great fun, the Chicken hid well.');

    await staff.page.goto('/admin/bookings?view=stats');
    const average = staff.page.getByTestId('average-rating');
    await expect.poll(() => average.textContent(), { timeout: 10_000 }).toContain('4.0 / 5 (1 rating)');
    expect([...booker.errors, ...staff.errors]).toEqual([]);
  });
});
