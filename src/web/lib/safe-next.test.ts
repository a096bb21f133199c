import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

const ORIGIN = 'https://hatch.example';
const FALLBACK = '/admin/bookings';
const next = (value: string | null) => safeNextPath(value, ORIGIN, FALLBACK);

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(next('/admin/users')).toBe('/admin/users');
    expect(next('/admin/bookings?tab=leads&page=2#top')).toBe('/admin/bookings?tab=leads&page=2#top');
    expect(next(`${ORIGIN}/admin/challenges`)).toBe('/admin/challenges');
  });

  it('falls back when there is no next', () => {
    expect(next(null)).toBe(FALLBACK);
    expect(next('')).toBe(FALLBACK);
  });

  it('refuses every spelling that leaves the site', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example',
      ' //evil.example',
      'https://evil.example',
      'HTTPS://evil.example/admin',
      'http://hatch.example/admin',
      'https://hatch.example.evil.example/',
      'https://hatch.example@evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      decodeURIComponent('%2F%2Fevil.example'),
      // Dot segments that resolve, on this origin, to a path the browser then reads as another host (issue 19).
      '/.//evil.example/x',
      '/%2e//evil.example/',
      '/%2E//evil.example/',
      '/a/..//evil.example/',
      '/a/%2e%2e//evil.example/',
      '/./\\evil.example/x',
      `${ORIGIN}/.//evil.example/x`,
    ]) {
      expect({ value, to: next(value) }).toEqual({ value, to: FALLBACK });
    }
  });

  it('keeps a path with harmless dot segments', () => {
    expect(next('/admin/./users')).toBe('/admin/users');
    expect(next('/host/../admin/bookings')).toBe('/admin/bookings');
  });

  it('keeps an encoded double slash as a path on this site (the browser does not decode it into a host)', () => {
    expect(next('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(next('/.%2f/evil.example/')).toBe('/.%2f/evil.example/');
  });
});
