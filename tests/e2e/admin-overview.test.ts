import { describe, expect, it } from 'vitest';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';

const j = useServerAndBrowser();

describe('admin overviews', () => {
  it('shows a recorded payment and the game it created, linking to the booking', async () => {
    const { page, context, errors } = await j.staffPage('/admin/payments');
    // The booking and its payment through the same calls the wizard and the booking page make.
    const created = await call(page, 'POST', '/api/bookings', {
      players: 6,
      date: '2031-05-20',
      meeting_time: { hour: 14, minute: 30 },
      timezone: 'Europe/London',
      city: 'Bristol',
      initial_area_lat: 51.45,
      initial_area_lng: -2.58,
      plan_type: 'standard',
      email: 'overview.payer@example.test',
      full_name: 'Olive Overview',
    });
    expect(created.status).toBe(201);
    const bookingId = (created.json as { booking: { id: number } }).booking.id;
    const paid = await call(page, 'POST', `/api/admin/bookings/${bookingId}/payments`, { payment_type: 'bank_transfer', payment_amount: 9_050 });
    expect(paid.status).toBe(201);

    await page.reload();
    const row = page.getByRole('row', { name: /Olive Overview/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('£90.50');
    expect(await page.getByText('Total received:').textContent()).toContain('£90.50');
    // The filters live in the address: another type hides the entry, its own type shows it again.
    await page.getByLabel('Type').selectOption('card');
    await page.waitForURL(/[?&]type=card/);
    await page.getByText('No payments for these filters.').waitFor();
    await page.getByLabel('Type').selectOption('bank_transfer');
    await page.waitForURL(/[?&]type=bank_transfer/);
    await row.waitFor();
    await page.getByLabel('Type').selectOption('');
    await page.waitForURL((url) => !url.search.includes('type='));

    await page.goto('/admin/games');
    await page.getByRole('row', { name: /Olive Overview/ }).waitFor();
    await page.getByRole('link', { name: 'Olive Overview' }).click();
    await page.waitForURL(`**/admin/bookings/${bookingId}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
