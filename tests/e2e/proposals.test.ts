import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';

const j = useServerAndBrowser();

describe('proposals', () => {
  it('staff create and send a quote; the customer accepts it and lands on the management page to pay', async () => {
    const staff = await j.staffPage('/admin/proposals');
    const created = await call(staff.page, 'POST', '/api/bookings', {
      players: 8,
      date: '2031-09-12',
      meeting_time: { hour: 14, minute: 0 },
      timezone: 'Europe/London',
      city: 'Leeds',
      initial_area_lat: 53.8,
      initial_area_lng: -1.55,
      plan_type: 'standard',
      email: 'quote.customer@example.test',
      full_name: 'Quinn Quote',
    });
    expect(created.status).toBe(201);
    const bookingId = (created.json as { booking: { id: number } }).booking.id;

    const { page } = staff;
    await page.getByRole('button', { name: 'New proposal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New proposal' });
    await dialog.getByLabel('Booking number').fill(String(bookingId));
    await dialog.getByLabel('Plan').selectOption('pro');
    await dialog.getByLabel('Players').fill('20');
    await dialog.getByRole('button', { name: 'Add a line' }).click();
    await dialog.getByLabel('Line 1 label').fill('Loyalty discount');
    await dialog.getByLabel('Line 1 amount').fill('-25');
    // Weapons at £20 × 20 players, less £25: the form shows what the server will store.
    await expect.poll(() => dialog.getByTestId('proposal-live-total').textContent()).toContain('Total: £375');
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    const row = page.getByRole('row', { name: /Quinn Quote/ });
    await row.getByText('Draft').waitFor();
    await row.getByRole('button', { name: 'Send', exact: true }).click();
    await row.getByText('Sent', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('£375');

    const listed = await call(page, 'GET', `/api/admin/proposals?booking_id=${bookingId}`);
    const link = (listed.json as { proposals: { link: string }[] }).proposals[0]?.link ?? '';
    const customer = await newPage(j.browser, j.server.url);
    await customer.page.goto(new URL(link).pathname);
    await customer.page.getByRole('heading', { name: 'A Chicken hunt in Leeds for Quinn Quote' }).waitFor();
    expect(await customer.page.getByTestId('proposal-total').textContent()).toBe('£375');
    await customer.page.getByRole('button', { name: 'Accept proposal' }).click();
    await customer.page.waitForURL('**/manage/**');

    await page.reload();
    await page
      .getByRole('row', { name: /Quinn Quote/ })
      .getByText('Accepted', { exact: true })
      .waitFor();
    expect(await page.getByRole('row', { name: /Quinn Quote/ }).textContent()).toContain('Lead: converted');
    expect([...staff.errors, ...customer.errors]).toEqual([]);
    await staff.context.close();
    await customer.context.close();
  });
});
