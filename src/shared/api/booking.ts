import { LANGUAGE_CODES } from '../i18n/languages';
import { z } from 'zod';
import { TRACKING_FIELDS } from '../tracking';
import { PAYMENT_KINDS, REFUND_PURPOSES } from '../payments';
import { GAME_STATES } from '../lifecycle/game-states';
import { contactRecordShape } from '../booking-contact';

export const LEAD_STATUSES = ['new', 'contacted', 'negotiating', 'lost', 'converted', 'trash'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A lead status in words, wherever staff read one (the lead status section, the Leads tabs, the CSV export). */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  negotiating: 'Negotiating',
  lost: 'Lost',
  converted: 'Converted',
  trash: 'Trash',
};
export const CONTACT_TYPES = ['note', 'phone', 'email', 'meeting'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CHICKEN_CHOICES = ['self', 'player', 'team'] as const;

export const meetingTimeSchema = z.object({ hour: z.number().int(), minute: z.number().int() });

export const pricingHistoryEntrySchema = z.object({
  timestamp: z.string(),
  plan_type: z.string(),
  price_per_person: z.number(),
  add_ons: z.array(z.unknown()),
  players: z.number().int(),
  discount_code: z.string().nullable(),
  discount_total: z.number(),
  total_price: z.number(),
});

export const contactHistoryEntrySchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  type: z.string(),
  note: z.string(),
  author_name: z.string().nullable(),
});

/** One entry of the payment ledger (src/shared/payments.ts): a payment, or a void or refund of one. */
export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  payment_type: z.string(),
  /** Pence of `currency`; negative for a void or refund. */
  payment_amount: z.number().int(),
  currency: z.string(),
  corrects_payment_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** What a refund is (concession, cancellation, correction; decision 0505); null for payments and voids. */
  purpose: z.enum(REFUND_PURPOSES).nullable(),
  recorded_by_name: z.string().nullable(),
  /** The payment provider that moved the money ('stripe'); null when staff recorded it by hand (0250). */
  provider: z.string().nullable(),
  created_at: z.string(),
});

export const teamSchema = z.object({ id: z.number().int(), name: z.string(), players: z.string() });

export const gameSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  activated: z.boolean(),
  has_live_instance: z.boolean(),
  /** The game's lifecycle state (docs/LIFECYCLE.md): its latest instance's status, or not_started. */
  status: z.enum(GAME_STATES),
  /** When its latest instance ended, and when its booked time ran out (ends_at): what Resume Game reads. */
  ended_at: z.string().nullable(),
  booked_end_at: z.string().nullable(),
  weapons_on: z.boolean(),
  /** How many item stations the game has (power-ups; decision 0335): the set-up status shows it. */
  stations_count: z.number().int(),
  host_id: z.number().int().nullable(),
  added_challenges: z.array(z.number().int()),
  /** The Chicken's join key, for the "Chicken link" /play/{code}?chicken={key} (organiser and staff only). */
  chicken_key: z.string(),
});

const trackingShape = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, z.string().nullable()])) as {
  [K in (typeof TRACKING_FIELDS)[number]]: z.ZodNullable<z.ZodString>;
};

/**
 * What the organiser sees of a booking (with the private management key, or the temp code before payment): no
 * staff notes, no lead pipeline, no tracking. `manage_key` makes the private /manage/{key} link (decision 0140).
 */
export const bookerBookingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  code_type: z.enum(['temp', 'game']),
  temp_code: z.string(),
  manage_key: z.string(),
  game_id: z.number().int().nullable(),
  initial_area_id: z.string().nullable(),
  initial_area_lat: z.number(),
  initial_area_lng: z.number(),
  initial_area_radius: z.number().int(),
  players: z.number().int(),
  hosted: z.boolean(),
  duration: z.number().int(),
  timezone: z.string(),
  email: z.string(),
  ...contactRecordShape,
  city: z.string(),
  plan_type: z.string(),
  add_ons: z.array(z.string()),
  currency: z.string(),
  /** The booker's language (api-contract, "Languages"): their mails, invites, reminders and documents use it. */
  language: z.enum(LANGUAGE_CODES),
  price_per_person: z.number(),
  add_ons_total: z.number(),
  /** The promo code (or gift voucher code) given in the one box, and what the promo code took off: total_price is after it. */
  discount_code: z.string().nullable(),
  discount_total: z.number(),
  total_price: z.number(),
  date: z.string(),
  meeting_time: meetingTimeSchema,
  utcDateTime: z.string().nullable(),
  meeting_point_address: z.string().nullable(),
  meeting_point_status: z.string().nullable(),
  meeting_point_notes: z.string().nullable(),
  meeting_point_owner: z.string().nullable(),
  hiding_spot_address: z.string().nullable(),
  hiding_spot_status: z.string().nullable(),
  hiding_spot_notes: z.string().nullable(),
  hiding_spot_owner: z.string().nullable(),
  assigned_chicken: z.string().nullable(),
  assigned_chicken_email: z.string().nullable(),
  assigned_host_name: z.string().nullable(),
  locked_locations: z.boolean(),
  locked_challenges: z.boolean(),
  locked_game_area: z.boolean(),
  locked_chicken: z.boolean(),
  locked_host: z.boolean(),
  locked_teams: z.boolean(),
  booking_status: z.string(),
  teams_list: z.array(teamSchema),
  game: gameSummarySchema.nullable(),
  added_challenges: z.array(z.number().int()),
  game_activated: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type BookerBooking = z.infer<typeof bookerBookingSchema>;

/** The full server booking record of spec section 3, for staff. */
export const adminBookingSchema = bookerBookingSchema.extend({
  user_id: z.number().int().nullable(),
  assigned_host_id: z.number().int().nullable(),
  assigned_host_email: z.string().nullable(),
  admin_venue_notes: z.string().nullable(),
  admin_general_notes: z.string().nullable(),
  lead_status: z.string(),
  lead_status_reason: z.string().nullable(),
  lead_status_changed_at: z.string().nullable(),
  contact_history: z.array(contactHistoryEntrySchema),
  pricing_history: z.array(pricingHistoryEntrySchema),
  booking_payments: z.array(paymentSchema),
  source: z.enum(['instagram', 'facebook', 'linkedin', 'google']).nullable(),
  ...trackingShape,
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** One row of the admin lists: what the tables show, without the per-booking histories. */
export const bookingListItemSchema = adminBookingSchema
  .omit({ contact_history: true, pricing_history: true, booking_payments: true, teams_list: true })
  .extend({
    last_contact_at: z.string().nullable(),
    /** Staff were sent the overdue notice of its bank-transfer balance and money is still due (issue 31). */
    balance_overdue: z.boolean(),
  });
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

/**
 * What anyone with the game code (the players' join code) sees: when and where to meet and the teams, nothing
 * private: no hiding spot, no organiser contact, no prices or payments, no notes, no tracking (decision 0140).
 * The meeting point shows once it is confirmed.
 */
export const publicBookingSchema = z.object({
  access: z.literal('public'),
  code: z.string(),
  code_type: z.enum(['temp', 'game']),
  city: z.string(),
  date: z.string(),
  meeting_time: meetingTimeSchema,
  timezone: z.string(),
  utcDateTime: z.string().nullable(),
  duration: z.number().int(),
  players: z.number().int(),
  meeting_point_address: z.string().nullable(),
  teams_list: z.array(z.object({ id: z.number().int(), name: z.string() })),
  added_challenges: z.array(z.number().int()),
  game_activated: z.boolean(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/**
 * What the temporary code alone reads of an unpaid booking (issue 36, decision 0526): the facts to check it and pay by
 * bank transfer (when, where, how many, the plan and its price, the id a change names), none of the organiser's secrets or contact details:
 * no management key, email, name, phone or company, no notes. The temporary code is the bank transfer's reference, so
 * it travels on statements; the full view needs the management key (the mailed /manage/{key} link) or the browser
 * that made the booking.
 */
export const tempBookingSchema = publicBookingSchema.omit({ access: true }).extend({
  access: z.literal('temp'),
  /** What PATCH /api/bookings/{id} with X-Booking-Code names (the contract lets the temp code change it). */
  id: z.number().int(),
  booking_status: z.string(),
  plan_type: z.string(),
  add_ons: z.array(z.string()),
  currency: z.string(),
  price_per_person: z.number(),
  add_ons_total: z.number(),
  discount_total: z.number(),
  total_price: z.number(),
});
export type TempBooking = z.infer<typeof tempBookingSchema>;

export const adminBookingResponse = z.object({ booking: adminBookingSchema });
export const bookerBookingResponse = z.object({ booking: bookerBookingSchema });
/**
 * GET /api/booking/{code}: the organiser's view with the management key or from the browser that made the booking;
 * an unpaid booking's temp code alone reads the temp view; anyone else the public one.
 */
export const bookingByCodeResponse = z.object({ booking: z.union([bookerBookingSchema, tempBookingSchema, publicBookingSchema]) });
export type BookingByCode = z.infer<typeof bookingByCodeResponse>['booking'];
