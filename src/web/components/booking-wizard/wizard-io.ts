import { isPlanType, type PlanType } from '../../../shared/plans';
import type { CreateBookingInput } from '../../../shared/api/public-booking';
import { TRACKING_FIELDS, type Tracking, type TrackingField } from '../../../shared/tracking';
import { REFERRAL_SOURCES } from '../../../shared/validation/booking-rules';
import { perContactField } from '../../../shared/booking-contact-fields';
import type { PersistedWizard } from './wizard-schemas';
import { toApiDate, type WizardState } from './wizard-state';

/**
 * Pure helpers between the wizard state and the outside: the landing URL, the API body, session storage.
 * Reading storage back needs zod, so it lives in wizard-schemas.ts (loaded only when something was saved).
 */

const MAX_TRACKING_VALUE = 500;

/** utm_* and click identifiers of a landing URL's query string (empty values ignored). */
export function readTracking(search: string): Tracking {
  const params = new URLSearchParams(search);
  const tracking: Tracking = {};
  for (const field of TRACKING_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) tracking[field] = value.slice(0, MAX_TRACKING_VALUE);
  }
  return tracking;
}

/** `?plan=pro` names a known plan to preselect. */
export function planFromSearch(search: string): PlanType | null {
  const plan = new URLSearchParams(search).get('plan');
  return plan && isPlanType(plan) ? plan : null;
}

/** 'Other' is chosen when the stored referral is 'Other' or any text outside the list. */
export function referralChoice(referralSource: string): string {
  if (referralSource === '') return '';
  return (REFERRAL_SOURCES as readonly string[]).includes(referralSource) ? referralSource : 'Other';
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A booking's own fields: what the public and the staff create send alike (without the tracking fields). */
export type BookingFields = Omit<CreateBookingInput, TrackingField>;

/**
 * The one mapping of the wizard state to a booking request, in server field names (api-contract, 'The public
 * booking'). Public create adds the landing URL's tracking; admin create adds its own fields on top.
 */
export function toBookingFields(s: WizardState): BookingFields {
  return {
    players: s.playerCount,
    date: toApiDate(s.date),
    meeting_time: s.meetingTime ?? { hour: Number.NaN, minute: Number.NaN },
    timezone: s.timezone,
    city: s.city,
    initial_area_id: s.location.id,
    initial_area_lat: s.location.center.lat,
    initial_area_lng: s.location.center.lng,
    initial_area_radius: s.location.radius,
    plan_type: s.planType,
    add_ons: [...s.addOns],
    currency: s.currency,
    email: s.contactDetails.email.trim(),
    ...perContactField((field) => blankToNull(s.contactDetails[field])),
    duration: s.gameOptions.duration,
  };
}

/** POST /api/bookings: the booking's fields and the tracking of the landing URL. */
export function toCreateBookingBody(s: WizardState): CreateBookingInput {
  const tracking = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, s.tracking[f] ?? null]));
  return { ...toBookingFields(s), discount_code: s.discountCode, ...(s.termsVersion === null ? {} : { terms_version: s.termsVersion }), ...tracking };
}

export function serializeWizard(s: WizardState): string {
  const persisted: PersistedWizard = {
    version: 1,
    id: s.id,
    stepIndex: s.stepIndex,
    location: s.location,
    playerCount: s.playerCount,
    playerInput: s.playerInput.slice(0, 20),
    type: s.type,
    planType: s.planType,
    addOns: s.addOns,
    city: s.city,
    cityQuery: s.cityQuery,
    suggestedTimezone: s.suggestedTimezone,
    timezoneChosen: s.timezoneChosen,
    currency: s.currency,
    date: s.date,
    timezone: s.timezone,
    gameOptions: s.gameOptions,
    meetingTime: s.meetingTime,
    contactDetails: s.contactDetails,
    tempCode: s.tempCode,
    manageKey: s.manageKey,
    bookingStatus: s.bookingStatus,
    pricePerPerson: s.pricePerPerson,
    addOnsTotal: s.addOnsTotal,
    totalPrice: s.totalPrice,
    tracking: s.tracking,
    idempotencyKey: s.idempotencyKey,
    // The applied code and the server's quote for these choices: Back, Forward and a reload keep them (issue 36).
    discountCode: s.discountCode,
    discount: s.discount,
  };
  return JSON.stringify(persisted);
}
