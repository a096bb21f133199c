import { z } from 'zod';
import { CHART_INTERVALS } from '../chart-interval';
import { TRACKING_FIELDS } from '../tracking';
import { paginationSchema } from './common';
import { filterText } from '../validation/text-rules';
import { bookingListItemSchema } from './booking';
import { createBookingBody } from './public-booking';

/** The all-bookings tab's sub-tabs, and the metric strip's filters (paid bookings that need something). */
/** 'paid' lists upcoming games (paid, not yet played), 'completed' the played ones (docs/LIFECYCLE.md). */
export const LIST_STATUSES = ['all', 'enquiry', 'lead', 'paid', 'completed', 'need_venues', 'need_hosts', 'unactivated'] as const;
export const ATTENTION_FILTERS = ['need_venues', 'need_hosts', 'unactivated'] as const;
export type AttentionFilter = (typeof ATTENTION_FILTERS)[number];
/** The leads tab's sub-tabs (trash is never listed). */
export const LIST_LEAD_STATUSES = ['all', 'new', 'contacted', 'negotiating', 'lost', 'converted'] as const;
export type ListLeadStatus = (typeof LIST_LEAD_STATUSES)[number];
export const LIST_VIEWS = ['list', 'leads', 'calendar'] as const;

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
export const MAX_SEARCH = 100;
/** A calendar answer covers at most this many days (a month grid with its padding is 42). */
export const MAX_CALENDAR_DAYS = 93;
/** At most this many bookings in one calendar answer. */
export const MAX_CALENDAR_BOOKINGS = 2000;
/** The chart covers at most ten years. */
export const MAX_CHART_DAYS = 3660;

const apiDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd');

export const listBookingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  view: z.enum(LIST_VIEWS).default('list'),
  status: z.enum(LIST_STATUSES).default('all'),
  lead_status: z.enum(LIST_LEAD_STATUSES).default('all'),
  search: filterText(MAX_SEARCH),
});
export type ListBookingsQuery = z.infer<typeof listBookingsQuery>;

/**
 * GET /api/admin/bookings/export: what the list shows, all pages: the list's filters, and the legacy
 * `filter` (a paid-bookings filter of the metrics strip) which, as on the page, wins over `status`.
 */
export const exportBookingsQuery = listBookingsQuery.omit({ page: true, per_page: true }).extend({
  filter: z.enum(ATTENTION_FILTERS).optional(),
});
export type ExportBookingsQuery = z.infer<typeof exportBookingsQuery>;

/** GET /api/admin/bookings/export: a CSV file; the schema only documents it (the stream is sent as it is). */
export const exportCsvResponse = z.string().describe('text/csv: one header row, one row per booking the list shows for these filters');

export const listBookingsResponse = z.object({ bookings: z.array(bookingListItemSchema), pagination: paginationSchema });
export type ListBookingsResponse = z.infer<typeof listBookingsResponse>;

export const bookingMetricsSchema = z.object({
  total: z.number().int(),
  need_venues: z.number().int(),
  need_hosts: z.number().int(),
  unactivated: z.number().int(),
  /** Paid bookings whose game is still to be played, and completed ones (played). */
  upcoming: z.number().int(),
  played: z.number().int(),
});
export type BookingMetrics = z.infer<typeof bookingMetricsSchema>;

export const leadMetricsSchema = z.object({
  converted_leads: z.number().int(),
  new_leads: z.number().int(),
  contacted_leads: z.number().int(),
  negotiating_leads: z.number().int(),
  lost_leads: z.number().int(),
  total_leads: z.number().int(),
  /** Percent, one decimal. */
  conversion_rate: z.number(),
});
export type LeadMetrics = z.infer<typeof leadMetricsSchema>;

export const dateRangeQuery = z.object({ start_date: apiDate, end_date: apiDate });
/** What a calendar day shows of a game: the grid never needs the whole record. */
export const calendarItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  players: z.number().int(),
  hosted: z.boolean(),
  booking_status: z.string(),
  date: z.string(),
  meeting_time: z.object({ hour: z.number().int(), minute: z.number().int() }),
  timezone: z.string(),
  utcDateTime: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarResponse = z.object({ bookings: z.array(calendarItemSchema) });

/** One currency of the calendar's games, in its major units (pounds, dollars, euros): docs/decisions/0150. */
export const currencyRevenueSchema = z.object({
  currency: z.string(),
  /** The games whose booking is in this currency. */
  bookings: z.number().int(),
  /** Payments received for these games. */
  received: z.number(),
  /** Refunds and voids, as a positive amount taken back. */
  refunded: z.number(),
  /** received − refunded: the sum of the games' payment rows in this currency. */
  net: z.number(),
  /** net ÷ bookings, to the penny (0 without games). */
  average: z.number(),
  /** What promo codes took off these games' list prices (issue 32): revenue not taken, not a payment. */
  discounts: z.number(),
});

export const calendarMetricsSchema = z.object({
  total_bookings: z.number().int(),
  /**
   * The spec's two figures, in pounds: the GBP games' net revenue and its average per GBP game. Kept so the spec's
   * calendar metrics shape holds; games in other currencies are in `revenue` only (docs/decisions/0150).
   */
  total_revenue: z.number(),
  average_booking_value: z.number(),
  /** Per currency, sorted by code; empty without games or payments. Never added across currencies. */
  revenue: z.array(currencyRevenueSchema),
});
export type CalendarMetrics = z.infer<typeof calendarMetricsSchema>;

export const enquiryLeadQuery = dateRangeQuery.extend({ interval: z.enum(CHART_INTERVALS).default('daily') });
export const enquiryLeadResponse = z.object({
  data: z.array(z.object({ date: z.string(), enquiries: z.number().int(), leads: z.number().int() })),
  totals: z.object({ enquiries: z.number().int(), leads: z.number().int() }),
});
export type EnquiryLeadResponse = z.infer<typeof enquiryLeadResponse>;

/** Admin-created bookings carry these tracking values (spec section 7: 'manual_created' or 'admin'). */
export const ADMIN_CREATED_TRACKING = {
  utm_source: 'admin',
  utm_medium: 'manual_created',
  utm_campaign: 'manual_created',
  utm_term: 'manual_created',
  utm_content: 'manual_created',
} as const;

const trackingOmit = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, true])) as { [K in (typeof TRACKING_FIELDS)[number]]: true };

/**
 * POST /api/admin/bookings: the public booking's fields plus hosted, booking_status 'lead', the admin
 * tracking values and the client's utcDateTime. The server computes utcDateTime from date, time and
 * zone itself and always stores the admin tracking values, whatever the client sent.
 */
export const adminCreateBookingBody = createBookingBody.omit(trackingOmit).extend({
  hosted: z.boolean().default(false),
  booking_status: z.literal('lead').default('lead'),
  utcDateTime: z.string().max(40).nullish(),
  utm_source: z.string().max(50).nullish(),
  utm_medium: z.string().max(50).nullish(),
  utm_campaign: z.string().max(50).nullish(),
  utm_term: z.string().max(50).nullish(),
  utm_content: z.string().max(50).nullish(),
});
export type AdminCreateBookingBody = z.infer<typeof adminCreateBookingBody>;
export type AdminCreateBookingInput = z.input<typeof adminCreateBookingBody>;
