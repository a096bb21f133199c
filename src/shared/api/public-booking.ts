import { z } from 'zod';
import { idSchema } from './common';
import { ADD_ON_TYPES, CURRENCIES, PLAN_TYPES } from '../plans';
import { TRACKING_FIELDS } from '../tracking';
import { contactShape } from '../booking-contact';
import { isValidTimeZone } from '../time';
import { EMAIL_PATTERN, MAX_TEXT, MESSAGES, PLAYERS_MAX, PLAYERS_MIN } from '../validation/booking-rules';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';
import { LANGUAGE_CODES } from '../i18n/languages';

const optionalText = (max = MAX_TEXT) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters`)
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null));

export const playersSchema = z
  .number({ message: MESSAGES.playersInvalid })
  .int(MESSAGES.playersInvalid)
  .min(PLAYERS_MIN, MESSAGES.playersTooFew)
  .max(PLAYERS_MAX, MESSAGES.playersTooMany);

export const emailSchema = z
  .string({ message: MESSAGES.emailRequired })
  .trim()
  // abort: an empty address gets only 'Email address is required', not the format message too.
  .min(1, { message: MESSAGES.emailRequired, abort: true })
  .max(320, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

export const timezoneSchema = z.string().max(64).refine(isValidTimeZone, MESSAGES.timezoneInvalid);

export const apiDateSchema = z.string({ message: MESSAGES.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidDateTime);

export const meetingTimeInput = z.object(
  {
    hour: z.number({ message: MESSAGES.invalidDateTime }).int(MESSAGES.invalidDateTime).min(0, MESSAGES.invalidDateTime).max(23, MESSAGES.invalidDateTime),
    minute: z.number({ message: MESSAGES.invalidDateTime }).int(MESSAGES.invalidDateTime).min(0, MESSAGES.invalidDateTime).max(59, MESSAGES.invalidDateTime),
  },
  { message: MESSAGES.meetingTimeRequired },
);

const trackingInput = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, optionalText(500)])) as {
  [K in (typeof TRACKING_FIELDS)[number]]: ReturnType<typeof optionalText>;
};

/**
 * POST /api/bookings: the wizard state in server field names (api-contract, 'The public booking').
 * Cross-field rules (date not in the past in the game's zone, a real moment) run in the service with
 * the same shared functions the wizard uses.
 */
export const createBookingBody = z.object({
  players: playersSchema,
  date: apiDateSchema,
  meeting_time: meetingTimeInput,
  timezone: timezoneSchema,
  city: z.string({ message: MESSAGES.cityRequired }).trim().min(1, MESSAGES.cityRequired).max(MAX_TEXT).refine(isOneLine, ONE_LINE_MESSAGE),
  initial_area_id: optionalText(100),
  // The location comes from choosing a city suggestion: without one, the city message applies.
  initial_area_lat: z.number({ message: MESSAGES.cityRequired }).min(-90).max(90),
  initial_area_lng: z.number({ message: MESSAGES.cityRequired }).min(-180).max(180),
  initial_area_radius: z.number().int().min(100).max(50_000).default(1000),
  plan_type: z.enum(PLAN_TYPES),
  add_ons: z.array(z.enum(ADD_ON_TYPES)).max(ADD_ON_TYPES.length).default([]),
  currency: z.enum(CURRENCIES).default('GBP'),
  email: emailSchema,
  ...contactShape(optionalText),
  duration: z.number().int().min(30).max(480).default(120),
  /** The one box: a promo code or a gift voucher code (api-contract, "Codes, vouchers and invoices"). */
  discount_code: optionalText(64),
  /** The version of the booking terms the booker accepted in the summary step; needed while terms are published (issue 41). */
  terms_version: z.number().int().positive().max(2_147_483_647).optional(),
  /** The booker's language; without it, the request's (Accept-Language). */
  language: z.enum(LANGUAGE_CODES, { message: 'Please choose a language' }).optional(),
  ...trackingInput,
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;
export type CreateBookingInput = z.input<typeof createBookingBody>;

/** Texts of the public booking calls that the spec does not word itself (docs/decisions/0110-public-booking-api.md). */
export const PUBLIC_BOOKING_MESSAGES = {
  bookingNotFound: 'Booking not found',
  noCalendarTime: 'This booking has no meeting time a calendar can hold: check its date, time and zone',
  manageKeyRequired: 'This game code lets players join the game but cannot change it. Open the private management link we emailed to the organiser.',
  paidLocked: 'This booking is paid: please contact us to change it.',
  staleVersion: 'This booking was changed elsewhere. Please reload it and try again.',
  idempotencyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  geocodeFailed: 'Failed to fetch city suggestions. Please try again.',
  tooManyBookings: 'Too many bookings have been made from your network. Please try again later or contact us.',
} as const;

/** The header a retried POST /api/bookings carries so that it creates one booking only. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * The header that proves knowledge of a booking's temporary code on PATCH /api/bookings/{id}. Only the temp code of
 * an unpaid booking counts: a game code is the players' public join code and grants nothing (decision 0140).
 */
export const BOOKING_CODE_HEADER = 'x-booking-code';
/** The organiser's private management key: unlocks the full booking read, its edits and the game set-up calls. */
export const MANAGE_KEY_HEADER = 'x-manage-key';
/** A management key as the routes accept it (the app makes 43-character base64url keys; older rows hex). */
export const manageKeySchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Invalid management key');
export const manageKeyParams = z.object({ key: manageKeySchema });

/** A PATCH text field: absent = unchanged, null or blank = cleared. */
const patchText = (max = MAX_TEXT) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters`)
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * PATCH /api/bookings/{id}: the fields a booker may change; fields not listed here (prices, email,
 * status, codes…) are ignored. `version`, when sent, must match the stored one (stale edit → 409).
 */
export const updateBookingBody = z.object({
  players: playersSchema.optional(),
  date: apiDateSchema.optional(),
  meeting_time: meetingTimeInput.optional(),
  timezone: timezoneSchema.optional(),
  city: z.string({ message: MESSAGES.cityRequired }).trim().min(1, MESSAGES.cityRequired).max(MAX_TEXT).refine(isOneLine, ONE_LINE_MESSAGE).optional(),
  initial_area_id: patchText(100),
  initial_area_lat: z.number().min(-90).max(90).optional(),
  initial_area_lng: z.number().min(-180).max(180).optional(),
  initial_area_radius: z.number().int().min(100).max(50_000).optional(),
  plan_type: z.enum(PLAN_TYPES).optional(),
  add_ons: z.array(z.enum(ADD_ON_TYPES)).max(ADD_ON_TYPES.length).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** The one box before paying: a new code replaces the old one (its use given back); null removes it. */
  discount_code: patchText(64),
  ...contactShape(patchText),
  version: z.number().int().positive().optional(),
});
export type UpdateBookingBody = z.infer<typeof updateBookingBody>;
export type UpdateBookingInput = z.input<typeof updateBookingBody>;

export const bookingIdParams = z.object({ id: idSchema });
export const bookingCodeParams = z.object({ code: z.string().trim().min(1).max(64) });

/** GET /api/booking/{code}/calendar.ics: the game as one calendar event; the schema only documents the text/calendar body. */
export const bookingCalendarResponse = z.string().describe('text/calendar (RFC 5545): one VEVENT, METHOD:PUBLISH, its UID stable for the booking');

/** GET /api/geocode?q=: city suggestions (at least 2 characters; shorter → no results). */
export const geocodeQuery = z.object({ q: z.string().trim().max(200).default('') });
export const GEOCODE_MIN_CHARS = 2;
export const GEOCODE_MAX_RESULTS = 10;
export const PLACE_TYPES = ['city', 'town', 'village', 'municipality', 'province'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The country's English name; country_code is its ISO 3166-1 alpha-2 code. */
  country: z.string(),
  country_code: z.string(),
  timezone: z.string().nullable(),
  type: z.enum(PLACE_TYPES),
});
export type Place = z.infer<typeof placeSchema>;
export const geocodeResponse = z.object({ results: z.array(placeSchema) });
