import { randomBytes } from 'node:crypto';
import type { CreateBookingInput } from '../src/shared/api/public-booking';

/**
 * A complete, valid wizard state for POST /api/bookings, with a unique email. Outside tests/ because the API tests, the
 * process tests and the benchmarks all send it, and the benchmarks do not depend on the test tree.
 */
export function bookingBody(overrides: Record<string, unknown> = {}): CreateBookingInput & Record<string, unknown> {
  return {
    players: 8,
    date: '2031-06-14',
    meeting_time: { hour: 15, minute: 0 },
    timezone: 'Europe/London',
    city: 'London',
    initial_area_id: 'geonames:2643743',
    initial_area_lat: 51.50853,
    initial_area_lng: -0.12574,
    initial_area_radius: 1000,
    plan_type: 'standard',
    add_ons: [],
    currency: 'GBP',
    email: `proof-${randomBytes(5).toString('hex')}@example.test`,
    referral_source: 'Google search',
    ...overrides,
  };
}
