import type { Tx } from '../../platform/db/client';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { bookingCreatedEvent } from './booking-events';
import { eventInsert, eventValues } from '../../platform/event-outbox';
import { bookings, pricingHistory, type MeetingTime } from './tables/bookings';
import { isHostedGame, type AddOnType, type Currency, type PlanType } from '../../../shared/plans';
import { TRACKING_FIELDS, type Tracking } from '../../../shared/tracking';
import { localToUtcIso } from '../../../shared/time';
import { dateTimeFieldErrors, MESSAGES } from '../../../shared/validation/booking-rules';
import type { CreateBookingBody } from '../../../shared/api/public-booking';
import { newManageKey, newTempCode } from '../../platform/codes';
import { ValidationError } from '../../platform/errors';
import { loadPriceTable, priceBooking } from '../catalogue';
import { attachDiscountCode, claimDiscountCode, promoCodeOf } from '../commerce/records';
import { payWithVoucher } from './voucher-payment';
import type { BookingMailer } from './mails/mail-facts';
import type { BookingAggregate } from './booking-record';
import { contactColumnsOf } from './contact-columns';
import { preparedPerSession, timestampParam, unencoded } from '../../platform/db/prepared';
import { sql } from 'drizzle-orm';
import type { BookingPriceMinor } from '../../../shared/prices';
import { contactDetailsSchema, type ContactDetails } from '../../../shared/booking-contact';

/** Everything a new booking needs, in server terms; shared by the public wizard and the admin wizard. */
export type NewBookingInput = {
  players: number;
  date: string;
  meetingTime: MeetingTime;
  timezone: string;
  city: string;
  initialArea: { id: string | null; lat: number; lng: number; radius: number };
  planType: PlanType;
  addOns: AddOnType[];
  currency: Currency;
  email: string;
  contact: ContactDetails;
  duration: number;
  /**
   * What the client said about hosting (staff create sends it): never stored as such. The stored flag is
   * isHostedGame(plan, add-ons); asking for a hosted game that neither plan nor add-ons pay for is refused.
   */
  hosted?: boolean;
  bookingStatus: 'enquiry' | 'lead';
  /** sha256 of the creating visitor's session token: that visitor may edit the booking. */
  createdBySession: string | null;
  userId?: number | null;
  tracking: Tracking;
  /** The one box's promo code or gift voucher code (commerce domain, decisions 0400, 0401); null or absent: none. */
  discountCode?: string | null;
  /** The booker's language (decision 0591); absent: English. */
  language?: Language;
};

export type CreateOptions = {
  now?: Date;
  /** Staff recording an old lead may enter a past date; the public wizard may not. */
  allowPastDate?: boolean;
  /** The mails of a payment a gift voucher makes at once (receipt, game links); null or absent: none. */
  mailer?: BookingMailer | null;
};

/** 422 when the client asks for a hosted game that nobody pays a host for (shared rule: isHostedGame). */
function hostedErrors(input: NewBookingInput): Record<string, string[]> | null {
  return input.hosted === true && !isHostedGame(input.planType, input.addOns) ? { hosted: [MESSAGES.hostedNeedsHost] } : null;
}

const TRACKING_COLUMNS = {
  gclid: 'gclid',
  fbclid: 'fbclid',
  fbc: 'fbc',
  li_fat_id: 'liFatId',
  msclkid: 'msclkid',
  ttclid: 'ttclid',
  twclid: 'twclid',
  pclid: 'pclid',
  snapclid: 'snapclid',
  dclid: 'dclid',
  rdt_cid: 'rdtCid',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const satisfies Record<(typeof TRACKING_FIELDS)[number], keyof typeof bookings.$inferInsert>;

type TrackingColumns = { [K in (typeof TRACKING_COLUMNS)[keyof typeof TRACKING_COLUMNS]]?: string | null };

export function trackingColumns(tracking: Tracking): TrackingColumns {
  const out: TrackingColumns = {};
  for (const field of TRACKING_FIELDS) out[TRACKING_COLUMNS[field]] = tracking[field] ?? null;
  return out;
}

/** The 422 field errors of a schedule and location, with the wizard's own messages; null when fine. */
export function scheduleErrors(
  input: { date: string; meetingTime: MeetingTime; timezone: string; lat: number; lng: number },
  options: CreateOptions = {},
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const dateTime = dateTimeFieldErrors(input.date, input.meetingTime, input.timezone, options.now);
  // Staff may record a game that already happened: a past date or a meeting time gone today.
  const pastOnly = dateTime?.date?.[0] === MESSAGES.dateInPast || dateTime?.meeting_time?.[0] === MESSAGES.timeInPast;
  if (dateTime && !(pastOnly && options.allowPastDate)) Object.assign(errors, dateTime);
  // The wizard's step 0 needs a non-zero location: it comes from choosing a city suggestion.
  if (input.lat === 0 && input.lng === 0) errors.city = [MESSAGES.cityRequired];
  return Object.keys(errors).length ? errors : null;
}

/**
 * Validates, prices (from the stored price list, never the client's figures) and inserts a booking,
 * with its first pricing history entry. Call inside a transaction; returns the new booking's id.
 */
/**
 * The new booking's id, and its aggregate as loadBookingAggregate would read it in the same transaction: the rows
 * just inserted, and nothing hanging off them yet (no game, host, teams, payments or notes). Callers that answer
 * with the new booking need no second read.
 */
export type CreatedBooking = { id: number; aggregate: BookingAggregate };

export async function createBookingRecord(tx: Tx, input: NewBookingInput, options: CreateOptions = {}): Promise<CreatedBooking> {
  const errors = scheduleErrors(
    { date: input.date, meetingTime: input.meetingTime, timezone: input.timezone, lat: input.initialArea.lat, lng: input.initialArea.lng },
    options,
  );
  const hosted = hostedErrors(input);
  if (errors || hosted) throw new ValidationError({ ...errors, ...hosted });
  const addOns = [...new Set(input.addOns)];
  const table = await loadPriceTable(tx, input.currency);
  // A refused code is a 422 on discount_code and nothing is made (the transaction rolls back).
  const claim = input.discountCode
    ? await claimDiscountCode(tx, input.discountCode, {
        planType: input.planType,
        players: input.players,
        currency: input.currency,
        now: options.now ?? new Date(),
      })
    : null;
  const price = priceBooking(table, { planType: input.planType, addOns, players: input.players, discount: claim?.discount ?? null });

  const values = newBookingColumns(input, addOns, price, promoCodeOf(claim));

  let booking: typeof bookings.$inferSelect | undefined;
  // A (vanishingly rare) temp code clash inserts nothing and tries another code; ON CONFLICT keeps the caller's
  // transaction alive without a savepoint's two extra round trips.
  for (let attempt = 0; booking === undefined; attempt++) {
    if (attempt > 3) throw new Error('no free temporary code after 4 tries');
    [booking] = await insertBooking(tx).execute({ ...values, tempCode: newTempCode(), manageKey: newManageKey() });
  }
  // Outside systems hear of it once this commits (decision 0560), before any payment a voucher makes below: the event
  // is inserted by the pricing row's statement.
  const pricing = await insertPricing(tx).execute({
    ...eventValues(bookingCreatedEvent(booking)),
    bookingId: booking.id,
    planType: input.planType,
    pricePerPersonMinor: price.pricePerPersonMinor,
    addOns,
    players: input.players,
    discountCode: promoCodeOf(claim),
    discountTotalMinor: price.discountTotalMinor,
    totalPriceMinor: price.totalPriceMinor,
  });
  if (claim) await attachDiscountCode(tx, claim, booking.id);
  // A gift voucher's code pays the new booking (decision 0401): a payment, not a discount, so it is priced as listed.
  if (claim?.kind === 'voucher') {
    const paid = await payWithVoucher(
      tx,
      { bookingId: booking.id, code: claim.code, field: 'discount_code', now: options.now ?? new Date() },
      options.mailer ?? null,
    );
    return { id: booking.id, aggregate: paid.aggregate };
  }
  return { id: booking.id, aggregate: { booking, game: null, host: null, teams: [], payments: [], contacts: [], pricing } };
}

/** The columns a new booking sets, as the prepared insert's values (the temporary code and key apart). */
function newBookingColumns(input: NewBookingInput, addOns: AddOnType[], price: BookingPriceMinor, discountCode: string | null) {
  const utc = localToUtcIso(input.date, input.meetingTime, input.timezone);
  return {
    userId: input.userId ?? null,
    initialAreaId: input.initialArea.id,
    initialAreaLat: input.initialArea.lat,
    initialAreaLng: input.initialArea.lng,
    initialAreaRadius: input.initialArea.radius,
    players: input.players,
    hosted: isHostedGame(input.planType, addOns),
    duration: input.duration,
    timezone: input.timezone,
    email: input.email,
    ...contactColumnsOf(input.contact),
    city: input.city,
    planType: input.planType,
    addOns,
    currency: input.currency,
    language: input.language ?? DEFAULT_LANGUAGE,
    pricePerPersonMinor: price.pricePerPersonMinor,
    addOnsTotalMinor: price.addOnsTotalMinor,
    discountCode,
    discountTotalMinor: price.discountTotalMinor,
    totalPriceMinor: price.totalPriceMinor,
    meetingTime: { hour: input.meetingTime.hour, minute: input.meetingTime.minute },
    date: input.date,
    utcDateTime: timestampParam(utc ? new Date(utc) : null),
    bookingStatus: input.bookingStatus,
    createdBySession: input.createdBySession,
    ...trackingColumns(input.tracking),
  };
}

/** Every column a new booking sets, each a placeholder: the rest keep their defaults, as in a plain insert. */
const NEW_BOOKING = {
  userId: sql.placeholder('userId'),
  initialAreaId: sql.placeholder('initialAreaId'),
  initialAreaLat: sql.placeholder('initialAreaLat'),
  initialAreaLng: sql.placeholder('initialAreaLng'),
  initialAreaRadius: sql.placeholder('initialAreaRadius'),
  players: sql.placeholder('players'),
  hosted: sql.placeholder('hosted'),
  duration: sql.placeholder('duration'),
  timezone: sql.placeholder('timezone'),
  email: sql.placeholder('email'),
  fullName: sql.placeholder('fullName'),
  tel: sql.placeholder('tel'),
  companyName: sql.placeholder('companyName'),
  referralSource: sql.placeholder('referralSource'),
  city: sql.placeholder('city'),
  planType: sql.placeholder('planType'),
  addOns: sql.placeholder('addOns'),
  currency: sql.placeholder('currency'),
  language: sql.placeholder('language'),
  pricePerPersonMinor: sql.placeholder('pricePerPersonMinor'),
  addOnsTotalMinor: sql.placeholder('addOnsTotalMinor'),
  discountCode: sql.placeholder('discountCode'),
  discountTotalMinor: sql.placeholder('discountTotalMinor'),
  totalPriceMinor: sql.placeholder('totalPriceMinor'),
  meetingTime: sql.placeholder('meetingTime'),
  date: sql.placeholder('date'),
  utcDateTime: unencoded('utcDateTime'),
  bookingStatus: sql.placeholder('bookingStatus'),
  createdBySession: sql.placeholder('createdBySession'),
  gclid: sql.placeholder('gclid'),
  fbclid: sql.placeholder('fbclid'),
  fbc: sql.placeholder('fbc'),
  liFatId: sql.placeholder('liFatId'),
  msclkid: sql.placeholder('msclkid'),
  ttclid: sql.placeholder('ttclid'),
  twclid: sql.placeholder('twclid'),
  pclid: sql.placeholder('pclid'),
  snapclid: sql.placeholder('snapclid'),
  dclid: sql.placeholder('dclid'),
  rdtCid: sql.placeholder('rdtCid'),
  utmSource: sql.placeholder('utmSource'),
  utmMedium: sql.placeholder('utmMedium'),
  utmCampaign: sql.placeholder('utmCampaign'),
  utmTerm: sql.placeholder('utmTerm'),
  utmContent: sql.placeholder('utmContent'),
  tempCode: sql.placeholder('tempCode'),
  manageKey: sql.placeholder('manageKey'),
} satisfies Record<keyof ReturnType<typeof newBookingColumns> | 'tempCode' | 'manageKey', unknown>;

/**
 * The booking insert, then its first pricing row with its `booking.created` event as a CTE of that statement (one round
 * trip for both: the event needs the new id), built once per session (decision 0600): building the 50-column insert
 * cost Drizzle more CPU than anything else in POST /api/bookings.
 */
const insertBooking = preparedPerSession((db) =>
  db.insert(bookings).values(NEW_BOOKING).onConflictDoNothing({ target: bookings.tempCode }).returning().prepare('booking_create_insert'),
);
const insertPricing = preparedPerSession((db) =>
  db
    .with(db.$with('booking_created_event').as(eventInsert(db)))
    .insert(pricingHistory)
    .values({
      bookingId: sql.placeholder('bookingId'),
      planType: sql.placeholder('planType'),
      pricePerPersonMinor: sql.placeholder('pricePerPersonMinor'),
      addOns: sql.placeholder('addOns'),
      players: sql.placeholder('players'),
      discountCode: sql.placeholder('discountCode'),
      discountTotalMinor: sql.placeholder('discountTotalMinor'),
      totalPriceMinor: sql.placeholder('totalPriceMinor'),
    })
    .returning()
    .prepare('booking_create_pricing_and_event_insert'),
);

/** The wizard's booking fields, without the tracking ones (staff bookings carry their own tracking). */
type BookingFields = Omit<CreateBookingBody, (typeof TRACKING_FIELDS)[number]>;

/** The tracking fields of POST /api/bookings's body. */
export function trackingFromBody(body: CreateBookingBody): Tracking {
  const tracking: Tracking = {};
  for (const field of TRACKING_FIELDS) tracking[field] = body[field];
  return tracking;
}

/** A create body (the public wizard's, or staff's) as a new booking's input. */
export function inputFromCreateBody(
  body: BookingFields,
  extra: { bookingStatus: 'enquiry' | 'lead'; createdBySession: string | null; tracking: Tracking; userId?: number | null; hosted?: boolean },
): NewBookingInput {
  return {
    players: body.players,
    date: body.date,
    meetingTime: body.meeting_time,
    timezone: body.timezone,
    city: body.city,
    initialArea: { id: body.initial_area_id, lat: body.initial_area_lat, lng: body.initial_area_lng, radius: body.initial_area_radius },
    planType: body.plan_type,
    addOns: body.add_ons,
    currency: body.currency,
    email: body.email,
    contact: contactDetailsSchema.parse(body),
    duration: body.duration,
    discountCode: body.discount_code ?? null,
    language: body.language ?? DEFAULT_LANGUAGE,
    ...extra,
  };
}
