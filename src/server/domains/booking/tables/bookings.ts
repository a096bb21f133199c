import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../identity/tables/users';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { LANGUAGE_CODES } from '../../../../shared/i18n/languages';
import { CURRENCIES, PLAN_TYPES } from '../../../../shared/plans';
import { BOOKING_STATUSES } from '../../../../shared/lifecycle/booking-states';
import { CONTACT_TYPES, LEAD_STATUSES } from '../../../../shared/api/booking';
import { TIMELINE_SOURCES } from '../../../../shared/api/booking-timeline';
import type { ContactField } from '../../../../shared/booking-contact';

export type MeetingTime = { hour: number; minute: number };
export type StoredAddOn = string | { type: string; [key: string]: unknown };

/** Money columns are whole minor units of the row's currency (pence, cents; decision 0500), never floats. */
const money = (name: string) => integer(name);

/** The server booking record of spec section 3, with every tracking field of the landing URL. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    initialAreaId: text('initial_area_id'),
    initialAreaLat: doublePrecision('initial_area_lat').notNull(),
    initialAreaLng: doublePrecision('initial_area_lng').notNull(),
    initialAreaRadius: integer('initial_area_radius').notNull().default(1000),
    players: integer('players').notNull(),
    hosted: boolean('hosted').notNull().default(false),
    duration: integer('duration').notNull().default(120),
    timezone: text('timezone').notNull().default('Europe/London'),
    fullName: text('full_name'),
    email: text('email').notNull(),
    tel: text('tel'),
    companyName: text('company_name'),
    referralSource: text('referral_source'),
    city: text('city').notNull(),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull().default('standard'),
    addOns: jsonb('add_ons').$type<StoredAddOn[]>().notNull().default([]),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('GBP'),
    pricePerPersonMinor: money('price_per_person_minor').notNull(),
    addOnsTotalMinor: money('add_ons_total_minor').notNull().default(0),
    /** The promo code (or, without one, the gift voucher code) the booker gave; the commerce domain owns the codes (0400). */
    discountCode: text('discount_code'),
    /** What the promo code took off; total_price_minor is after it. */
    discountTotalMinor: money('discount_total_minor').notNull().default(0),
    totalPriceMinor: money('total_price_minor').notNull(),
    meetingPointAddress: text('meeting_point_address'),
    meetingPointStatus: text('meeting_point_status'),
    meetingPointNotes: text('meeting_point_notes'),
    meetingPointOwner: text('meeting_point_owner'),
    meetingPointVenueId: text('meeting_point_venue_id'),
    hidingSpotAddress: text('hiding_spot_address'),
    hidingSpotStatus: text('hiding_spot_status'),
    hidingSpotNotes: text('hiding_spot_notes'),
    hidingSpotOwner: text('hiding_spot_owner'),
    hidingSpotVenueId: text('hiding_spot_venue_id'),
    assignedChicken: text('assigned_chicken'),
    assignedChickenEmail: text('assigned_chicken_email'),
    assignedHostId: integer('assigned_host_id').references(() => users.id, { onDelete: 'set null' }),
    lockedLocations: boolean('locked_locations').notNull().default(false),
    lockedChallenges: boolean('locked_challenges').notNull().default(false),
    lockedGameArea: boolean('locked_game_area').notNull().default(false),
    lockedChicken: boolean('locked_chicken').notNull().default(false),
    lockedHost: boolean('locked_host').notNull().default(false),
    lockedTeams: boolean('locked_teams').notNull().default(false),
    adminVenueNotes: text('admin_venue_notes'),
    adminGeneralNotes: text('admin_general_notes'),
    bookingStatus: text('booking_status', { enum: BOOKING_STATUSES }).notNull().default('enquiry'),
    leadStatus: text('lead_status', { enum: LEAD_STATUSES }).notNull().default('new'),
    leadStatusReason: text('lead_status_reason'),
    leadStatusChangedAt: timestamp('lead_status_changed_at', { withTimezone: true }),
    meetingTime: jsonb('meeting_time').$type<MeetingTime>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    utcDateTime: timestamp('utc_date_time', { withTimezone: true }),
    tempCode: text('temp_code').notNull(),
    /**
     * The organiser's private management key (the /manage/{key} link): 256 random bits, kept in plain text
     * because mails and staff must be able to give the link again (decision 0140). The game code is public.
     * The default is only a safety net (and the backfill of older rows): the app sets a base64url key.
     */
    manageKey: text('manage_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    /** Hash of the anonymous visitor's session that created the booking: that visitor may edit it. */
    createdBySession: text('created_by_session'),
    /** Optimistic concurrency: a stale edit is refused, never silently applied. */
    version: integer('version').notNull().default(1),
    /**
     * The calendar invite's SEQUENCE (RFC 5545, decision 0374): raised by every write that changes the game's time,
     * zone or meeting point or whether it is cancelled (booking-calendar.ts), so a calendar takes the newer invite.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** The booker's language (en, de, fr, es, nl; decision 0591): every mail, invite and document to them uses it. */
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    fbc: text('fbc'),
    liFatId: text('li_fat_id'),
    msclkid: text('msclkid'),
    ttclid: text('ttclid'),
    twclid: text('twclid'),
    pclid: text('pclid'),
    snapclid: text('snapclid'),
    dclid: text('dclid'),
    rdtCid: text('rdt_cid'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_temp_code_idx').on(t.tempCode),
    uniqueIndex('bookings_manage_key_idx').on(t.manageKey),
    index('bookings_created_at_idx').on(t.createdAt, t.id),
    index('bookings_status_created_idx').on(t.bookingStatus, t.createdAt),
    index('bookings_lead_status_created_idx').on(t.leadStatus, t.createdAt),
    index('bookings_date_idx').on(t.date),
    index('bookings_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('bookings_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('bookings_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    oneOfCheck('bookings_plan_type_check', t.planType, PLAN_TYPES),
    oneOfCheck('bookings_currency_check', t.currency, CURRENCIES),
    oneOfCheck('bookings_language_check', t.language, LANGUAGE_CODES),
    oneOfCheck('bookings_booking_status_check', t.bookingStatus, BOOKING_STATUSES),
    oneOfCheck('bookings_lead_status_check', t.leadStatus, LEAD_STATUSES),
  ],
);

/** Where each contact field of shared/booking-contact.ts is stored: a new field adds its column above and its entry here. */
export const CONTACT_COLUMNS = {
  full_name: 'fullName',
  phone: 'tel',
  company_name: 'companyName',
  referral_source: 'referralSource',
} as const satisfies Record<ContactField, keyof typeof bookings.$inferSelect>;

export const contactHistory = pgTable(
  'contact_history',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CONTACT_TYPES }).notNull(),
    note: text('note').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_history_booking_idx').on(t.bookingId, t.createdAt), oneOfCheck('contact_history_type_check', t.type, CONTACT_TYPES)],
);

export const pricingHistory = pgTable(
  'pricing_history',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    pricePerPersonMinor: money('price_per_person_minor').notNull(),
    addOns: jsonb('add_ons').$type<StoredAddOn[]>().notNull().default([]),
    players: integer('players').notNull(),
    discountCode: text('discount_code'),
    discountTotalMinor: money('discount_total_minor').notNull().default(0),
    totalPriceMinor: money('total_price_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_history_booking_idx').on(t.bookingId, t.createdAt), oneOfCheck('pricing_history_plan_type_check', t.planType, PLAN_TYPES)],
);

/** The booker's teams (teams_list): players are a comma-separated list, as the spec records them. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    players: text('players').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_booking_idx').on(t.bookingId)],
);

/** Every change made to a booking through its code, with when and who (booker or staff). */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    source: text('source', { enum: TIMELINE_SOURCES }).notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_changes_booking_idx').on(t.bookingId, t.createdAt), oneOfCheck('booking_changes_source_check', t.source, TIMELINE_SOURCES)],
);
