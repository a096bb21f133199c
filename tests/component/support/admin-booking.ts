import type { Heartbeat } from '../../../src/shared/api/admin-booking-detail';
import type { AdminBooking } from '../../../src/shared/api/booking';
import { TRACKING_FIELDS } from '../../../src/shared/tracking';

type Tracking = Record<(typeof TRACKING_FIELDS)[number], string | null>;
const noTracking = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, null])) as Tracking;

/**
 * A staff view of a booking as GET /api/admin/bookings/{id} answers it: an unpaid £120 Standard lead for 8 players in
 * London (what tests/support/fixtures.ts's createBooking stores), overridden per test. Typed by the shared schema.
 */
export function adminBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    id: 41,
    code: 'TMPCODE12345',
    code_type: 'temp',
    temp_code: 'TMPCODE12345',
    manage_key: 'manage-key-41',
    game_id: null,
    initial_area_id: null,
    initial_area_lat: 51.5074,
    initial_area_lng: -0.1278,
    initial_area_radius: 1000,
    players: 8,
    hosted: false,
    duration: 120,
    timezone: 'Europe/London',
    full_name: 'Paula Plain',
    email: 'paula@example.test',
    tel: '+44 20 7946 0000',
    company_name: 'Acme Ltd',
    referral_source: null,
    city: 'London',
    plan_type: 'standard',
    add_ons: [],
    currency: 'GBP',
    language: 'en',
    price_per_person: 15,
    add_ons_total: 0,
    discount_code: null,
    discount_total: 0,
    total_price: 120,
    date: '2030-06-01',
    meeting_time: { hour: 14, minute: 0 },
    utcDateTime: '2030-06-01T13:00:00.000Z',
    meeting_point_address: null,
    meeting_point_status: null,
    meeting_point_notes: null,
    meeting_point_owner: null,
    hiding_spot_address: null,
    hiding_spot_status: null,
    hiding_spot_notes: null,
    hiding_spot_owner: null,
    assigned_chicken: null,
    assigned_chicken_email: null,
    assigned_host_name: null,
    locked_locations: false,
    locked_challenges: false,
    locked_game_area: false,
    locked_chicken: false,
    locked_host: false,
    locked_teams: false,
    booking_status: 'lead',
    teams_list: [],
    game: null,
    added_challenges: [],
    game_activated: false,
    created_at: '2030-01-01T10:00:00.000Z',
    updated_at: '2030-01-01T10:00:00.000Z',
    version: 1,
    user_id: null,
    assigned_host_id: null,
    assigned_host_email: null,
    admin_venue_notes: null,
    admin_general_notes: null,
    lead_status: 'new',
    lead_status_reason: null,
    lead_status_changed_at: null,
    contact_history: [],
    pricing_history: [],
    booking_payments: [],
    source: null,
    ...noTracking,
    ...overrides,
  };
}

/** The same booking once paid: a game code, a game, one card payment of the whole price. */
export function paidBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  const base = adminBooking();
  return adminBooking({
    code: 'GAME123456',
    code_type: 'game',
    game_id: 7,
    booking_status: 'paid',
    lead_status: 'converted',
    game: {
      id: 7,
      code: 'GAME123456',
      activated: false,
      has_live_instance: false,
      status: 'not_started',
      ended_at: null,
      booked_end_at: null,
      weapons_on: false,
      stations_count: 0,
      host_id: null,
      added_challenges: [],
      chicken_key: 'chicken-key',
    },
    booking_payments: [bookingPayment(301, base.total_price * 100, { created_at: '2030-01-02T10:00:00.000Z' })],
    ...overrides,
  });
}

type BookingPayment = AdminBooking['booking_payments'][number];

/** One line of a booking's ledger: a card payment of `pence` in pounds recorded by staff, overridden per test (a refund, a void). */
export function bookingPayment(id: number, pence: number, extra: Partial<BookingPayment> = {}): BookingPayment {
  return {
    id,
    kind: 'payment',
    payment_type: 'card',
    payment_amount: pence,
    currency: 'GBP',
    corrects_payment_id: null,
    reason: null,
    purpose: null,
    recorded_by_name: 'Administrator',
    provider: null,
    created_at: '2030-01-03T10:00:00.000Z',
    ...extra,
  };
}

type HeartbeatInstance = Heartbeat['instances'][number];

/**
 * GET .../heartbeat of a paid booking whose game runs: one live round, 34 minutes in, Owls' approved answer the latest,
 * two players (one ready) and Foxes (who found the chicken) ahead of Owls. A test in another language gives the round
 * its own names and numbers.
 */
export function liveHeartbeat(instance: Partial<HeartbeatInstance> = {}): Heartbeat {
  return {
    game_code: 'GAME123456',
    live_instances_count: 1,
    instances: [
      {
        id: 1,
        status: 'live',
        start_time: '2030-06-01T13:00:00.000Z',
        end_time: null,
        duration: 34,
        submissions_count: 1,
        latest_submission: { team_name: 'Owls', submitted_at: '2030-06-01T13:10:00.000Z', status: 'approved', points_awarded: 25 },
        latest_area: { lat: 51.5, lng: -0.12, radius: 750 },
        players: [
          { id: 1, name: 'Fran Fox', ready: true },
          { id: 2, name: 'Oscar Owl', ready: false },
        ],
        teams: [
          {
            id: 1,
            name: 'Foxes',
            points: 40,
            challenge_points: 40,
            chicken_points: 15,
            adjustments: 0,
            rank: 1,
            total: 55,
            found_chicken_at: '2030-06-01T13:20:00.000Z',
          },
          { id: 2, name: 'Owls', points: 25, challenge_points: 25, chicken_points: 0, adjustments: 0, rank: 2, total: 25, found_chicken_at: null },
        ],
        ...instance,
      },
    ],
  };
}
