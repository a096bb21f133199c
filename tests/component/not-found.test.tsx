import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { ADMIN } from './support/admin-user';
import { AppRoutes } from '../../src/web/app/router';
import { answer } from './support/network';
import { renderScreen, screen } from './support/render';

/** The app's own routes (src/web/app/router.tsx) at an address that is no page. */
describe('an address that is no page (component)', () => {
  it('says so on the public site and points to the booking wizard', async () => {
    renderScreen(<AppRoutes />, { path: '/no-such-page', route: '*' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('There is no page at this address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a game' }).getAttribute('href')).toBe('/');
  });

  it('says so inside the admin shell, its sidebar still there, and points back to the bookings', async () => {
    answer(authEndpoints.me, { user: ADMIN });
    // The shell's set-up warning reads the invoice settings (issue 35): set up, so it stays silent.
    answer(invoiceEndpoints.settings, { settings: { seller_name: 'Hatch', seller_address: 'London', vat_number: '', vat_rate: 20 }, ready: true, waiting: 0 });
    renderScreen(<AppRoutes />, { path: '/admin/no-such-section', route: '*' });
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to bookings' }).getAttribute('href')).toBe('/admin/bookings');
  });
});
