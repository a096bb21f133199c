import { describe, expect, it } from 'vitest';
import { landingAfterLogin, mayOpen, staffHome } from './staff-access';

const admin = { is_admin: true, is_host: false };
const host = { is_admin: false, is_host: true };
const both = { is_admin: true, is_host: true };
const none = { is_admin: false, is_host: false };

describe('staff landing', () => {
  it('lands each combination of roles where it may work', () => {
    expect(staffHome(admin)).toBe('/admin/bookings');
    expect(staffHome(both)).toBe('/admin/bookings');
    expect(staffHome(host)).toBe('/host');
    expect(staffHome(none)).toBe('/account');
  });

  it('opens the admin area to admins, the host console to hosts and admins, the rest to anyone', () => {
    expect(mayOpen(host, '/admin/bookings')).toBe(false);
    expect(mayOpen(host, '/admin')).toBe(false);
    expect(mayOpen(host, '/host/ABC123?x=1')).toBe(true);
    expect(mayOpen(host, '/administrator')).toBe(true);
    expect(mayOpen(none, '/host')).toBe(false);
    expect(mayOpen(admin, '/host/ABC123')).toBe(true);
    expect(mayOpen(none, '/account')).toBe(true);
  });

  it('lets next win when the user may open it', () => {
    expect(landingAfterLogin(host, '/host/ABC123')).toBe('/host/ABC123');
    expect(landingAfterLogin(host, '/admin/users')).toBe('/host');
    expect(landingAfterLogin(admin, '/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(landingAfterLogin(none, null)).toBe('/account');
    expect(landingAfterLogin(admin, null)).toBe('/admin/bookings');
  });
});
