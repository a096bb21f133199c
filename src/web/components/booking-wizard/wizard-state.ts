import { format, isValid } from 'date-fns';
import { DEFAULT_CURRENCY, PLAN_TYPES, isHostedGame, type AddOnType, type Currency, type PlanType } from '../../../shared/plans';
import type { Pricing } from '../../../shared/api/pricing';
import { DEFAULT_MEETING_TIME } from '../../../shared/meeting-time';
import { bookingPriceAnswer, computeBookingPrice } from '../../../shared/prices';
import { toMinorUnits } from '../../../shared/money';
import { API_DATE, WIZARD_DATE, isValidTimeZone, localToUtcIso, parseApiDate, parseWizardDate } from '../../../shared/time';
import type { Tracking } from '../../../shared/tracking';
import { perContactField, type ContactField } from '../../../shared/booking-contact-fields';
import { DEFAULT_PLAYERS, emailError, isValidMeetingTime, playerCountError, stepPlayers } from '../../../shared/validation/booking-rules';

/**
 * The booking wizard's state (spec section 3, 'Wizard booking state') and the one reducer that changes it.
 * Pure: no DOM, no storage, no clock (callers pass the browser's zone), so it runs in node tests and is
 * shared by the public wizard and the admin create-booking wizard.
 */

const FIRST_STEP = 0;
const LAST_STEP = 4;
const DEFAULT_DURATION = 120;
const DEFAULT_RADIUS = 1000;
/** Central London (Trafalgar Square). */
export const DEFAULT_CENTER = { lat: 51.5074, lng: -0.1278 } as const;

/** Step 3 is valid when the email is (the referral is optional). */
export function isContactValid(email: string): boolean {
  return emailError(email) === null;
}

export type MeetingTime = { hour: number; minute: number };
export type GameType = 'standard' | 'hosted';
export type LatLng = { lat: number; lng: number };

/** What the booker types: the email and the contact fields keyed as the create body names them (shared/booking-contact-fields.ts). */
export type ContactDetails = { email: string } & { [K in ContactField]: string };

/** A city suggestion as the geocoder gives it. */
export type CityChoice = { id: string; name: string; displayName: string; lat: number; lng: number; timezone: string | null };

export type WizardState = {
  id: number | null;
  stepIndex: number;
  location: { id: string | null; center: LatLng; radius: number };
  playerCount: number;
  /** What the player field shows; playerCount only follows it while it is a valid count. */
  playerInput: string;
  type: GameType;
  planType: PlanType;
  addOns: AddOnType[];
  city: string;
  /** What the city field shows while the booker types; city is set only by choosing a suggestion. */
  cityQuery: string;
  /**
   * The chosen city's time zone, offered to the booker when it differs from a zone they picked themselves
   * (without such a pick, choosing a city sets its zone at once).
   */
  suggestedTimezone: string | null;
  /** The booker picked the zone themselves (the dropdown or the prompt): a later city choice does not change it. */
  timezoneChosen: boolean;
  currency: Currency;
  pricing: Pricing | null;
  pricingLoading: boolean;
  pricingError: string | null;
  /** dd-MM-yy (spec: day-month-two-digit-year), '' until chosen. */
  date: string;
  timezone: string;
  gameOptions: { duration: number };
  meetingTime: MeetingTime | null;
  /** Step 0 validity (spec section 4). */
  isValid: boolean;
  contactDetails: ContactDetails;
  tempCode: string | null;
  /** The private management key of the booking made (the pay buttons use it, decision 0250). */
  manageKey: string | null;
  bookingStatus: string | null;
  addOnsTotal: number;
  totalPrice: number;
  /** ISO UTC instant of date + meeting time in timezone, '' when they do not make one. */
  utcDateTime: string;
  pricePerPerson: number;
  /** utm_* and click identifiers of the landing URL. */
  tracking: Tracking;
  /** One key per booking attempt: a double click or a retry creates one booking. */
  idempotencyKey: string | null;
  /** The code of the one box (a promo code or a gift voucher, decision 0400), sent with Book now; null: none. */
  discountCode: string | null;
  /**
   * What the server priced for that code and these choices (GET /api/discount-codes/:code), then what the booking
   * answered: the summary shows these, never a discount of its own. Null while a changed choice is priced again.
   * `voucherBalance` (minor units) when the code is a gift voucher's: it takes nothing off, it pays (decision 0406).
   */
  discount: { discountTotal: number; totalPrice: number; voucherBalance: number | null } | null;
  /** The version of the booking terms the booker ticked in the summary (issue 41); null: none ticked or none published. */
  termsVersion: number | null;
};

export type CreatedBooking = {
  id: number;
  temp_code: string;
  manage_key: string;
  price_per_person: number;
  add_ons_total: number;
  total_price: number;
  discount_code: string | null;
  discount_total: number;
  booking_status: string;
};

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'jump'; step: number }
  | { type: 'reset'; browserTimeZone: string }
  | { type: 'setDate'; date: string }
  | { type: 'setMeetingTime'; time: MeetingTime | null }
  | { type: 'setTimezone'; timezone: string }
  | { type: 'setCityQuery'; query: string }
  | { type: 'selectCity'; city: CityChoice }
  | { type: 'dismissSuggestedTimezone' }
  | { type: 'setPlayerInput'; text: string }
  | { type: 'stepPlayers'; direction: 1 | -1 }
  | { type: 'commitPlayerInput' }
  | { type: 'selectPlan'; plan: PlanType }
  | { type: 'toggleAddOn'; addOn: AddOnType }
  | { type: 'setCurrency'; currency: Currency }
  | { type: 'pricingRequested' }
  | { type: 'pricingLoaded'; pricing: Pricing }
  | { type: 'pricingFailed'; error: string }
  | { type: 'setContact'; field: keyof ContactDetails; value: string }
  | { type: 'captureTracking'; tracking: Tracking }
  | { type: 'setIdempotencyKey'; key: string }
  | { type: 'bookingCreated'; booking: CreatedBooking }
  | { type: 'discountApplied'; code: string; discountTotal: number; totalPrice: number; voucherBalance: number | null }
  | { type: 'discountRemoved' }
  | { type: 'termsAccepted'; version: number | null };

let ownZone: string | null = null;

/**
 * The browser's own zone, or Europe/London when it cannot be read. Read once per page: a formatter is built to ask,
 * which cost a few milliseconds on every render of step 0 (issue 37, the wizard's first paint).
 */
export function browserTimeZone(): string {
  ownZone ??= readBrowserTimeZone();
  return ownZone;
}

function readBrowserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : 'Europe/London';
  } catch {
    return 'Europe/London';
  }
}

/** Spec section 9: the defaults of a new booking. */
export function defaultWizardState(timeZone: string): WizardState {
  return finalize({
    id: null,
    stepIndex: FIRST_STEP,
    location: { id: null, center: { ...DEFAULT_CENTER }, radius: DEFAULT_RADIUS },
    playerCount: DEFAULT_PLAYERS,
    playerInput: String(DEFAULT_PLAYERS),
    type: 'standard',
    planType: 'standard',
    addOns: [],
    city: '',
    cityQuery: '',
    suggestedTimezone: null,
    timezoneChosen: false,
    currency: DEFAULT_CURRENCY,
    pricing: null,
    pricingLoading: false,
    pricingError: null,
    date: '',
    timezone: isValidTimeZone(timeZone) ? timeZone : 'Europe/London',
    gameOptions: { duration: DEFAULT_DURATION },
    meetingTime: { ...DEFAULT_MEETING_TIME },
    isValid: false,
    contactDetails: { email: '', ...perContactField(() => '') },
    tempCode: null,
    manageKey: null,
    bookingStatus: null,
    addOnsTotal: 0,
    totalPrice: 0,
    utcDateTime: '',
    pricePerPerson: 0,
    tracking: {},
    idempotencyKey: null,
    discountCode: null,
    discount: null,
    termsVersion: null,
  });
}

const clampStep = (n: number) => Math.min(LAST_STEP, Math.max(FIRST_STEP, Number.isFinite(n) ? Math.trunc(n) : FIRST_STEP));

// Two-digit years are read against 2000, so 00-49 are 2000-2049 (dates in the past are refused anyway): parseWizardDate.
/** dd-MM-yy → yyyy-MM-dd, '' when it is not a real day. */
export function toApiDate(wizardDate: string): string {
  if (!wizardDate) return '';
  const day = parseWizardDate(wizardDate);
  if (!isValid(day) || format(day, WIZARD_DATE) !== wizardDate) return '';
  return format(day, API_DATE);
}

/** yyyy-MM-dd → dd-MM-yy, '' when it is not a real day. */
export function fromApiDate(apiDate: string): string {
  if (!apiDate) return '';
  const day = parseApiDate(apiDate);
  if (!isValid(day) || format(day, API_DATE) !== apiDate) return '';
  return format(day, WIZARD_DATE);
}

/** Spec section 4: step 0 is valid only with a valid player count, a city and a non-zero location, a meeting time and a date. */
function isStepZeroValid(s: Pick<WizardState, 'playerInput' | 'playerCount' | 'city' | 'location' | 'meetingTime' | 'date'>): boolean {
  const playersValid = playerCountError(s.playerInput) === null && Number(s.playerInput.trim()) === s.playerCount;
  const locationSet = s.location.center.lat !== 0 || s.location.center.lng !== 0;
  return playersValid && s.city.trim() !== '' && locationSet && s.meetingTime !== null && s.date !== '';
}

/** The plan's per-person price and the add-ons' flat prices from the loaded price list. */
function priceOf(
  s: Pick<WizardState, 'pricing' | 'planType' | 'addOns' | 'playerCount'>,
): { pricePerPerson: number; addOnsTotal: number; totalPrice: number } | null {
  if (!s.pricing) return null;
  const plan = s.pricing.plans.find((p) => p.type === s.planType);
  if (!plan) return null;
  // The price list's amounts cross to minor units, the one rule prices in integers, and the answer crosses back (0500).
  const addOnPricesMinor = s.addOns.map((type) => toMinorUnits(s.pricing?.addons.find((a) => a.type === type)?.price ?? 0));
  const p = bookingPriceAnswer(computeBookingPrice({ players: s.playerCount, pricePerPersonMinor: toMinorUnits(plan.price), addOnPricesMinor }));
  return { pricePerPerson: p.price_per_person, addOnsTotal: p.add_ons_total, totalPrice: p.total_price };
}

/** Everything derived: utcDateTime, step 0 validity and (until the server has priced the booking) the prices. */
function finalize(s: WizardState): WizardState {
  const utcDateTime = localToUtcIso(toApiDate(s.date), s.meetingTime, s.timezone);
  const prices = s.id === null ? priceOf(s) : null;
  return {
    ...s,
    utcDateTime,
    isValid: isStepZeroValid(s),
    ...(prices ?? {}),
  };
}

// What the booking is made of: changing any of it after a failed attempt makes a new attempt.
const BOOKING_DATA_ACTIONS = new Set<WizardAction['type']>([
  'setDate',
  'setMeetingTime',
  'setTimezone',
  'selectCity',
  'setPlayerInput',
  'stepPlayers',
  'selectPlan',
  'toggleAddOn',
  'setCurrency',
  'setContact',
]);

/** The server's rule (shared isHostedGame): bespoke or the host add-on makes the game hosted, nothing else. */
const gameType = (planType: PlanType, addOns: readonly AddOnType[]): GameType => (isHostedGame(planType, addOns) ? 'hosted' : 'standard');

function apply(s: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return { ...s, stepIndex: clampStep(s.stepIndex + 1) };
    case 'previous':
      return { ...s, stepIndex: clampStep(s.stepIndex - 1) };
    case 'jump':
      return { ...s, stepIndex: clampStep(action.step) };
    case 'reset': {
      // The landing URL's tracking belongs to the visit, not to one booking: it survives a reset.
      const fresh = defaultWizardState(action.browserTimeZone);
      return { ...fresh, tracking: s.tracking, pricing: s.currency === fresh.currency ? s.pricing : null };
    }
    case 'setDate':
      return { ...s, date: fromApiDate(action.date) };
    case 'setMeetingTime':
      return { ...s, meetingTime: action.time && isValidMeetingTime(action.time) ? { hour: action.time.hour, minute: action.time.minute } : null };
    case 'setTimezone':
      if (!isValidTimeZone(action.timezone)) return s;
      return {
        ...s,
        timezone: action.timezone,
        timezoneChosen: true,
        suggestedTimezone: s.suggestedTimezone === action.timezone ? null : s.suggestedTimezone,
      };
    case 'setCityQuery':
      // Typing after a choice undoes it: the city must again be chosen from the suggestions.
      return { ...s, cityQuery: action.query, city: action.query === s.city ? s.city : '' };
    case 'selectCity': {
      const zone = action.city.timezone && isValidTimeZone(action.city.timezone) ? action.city.timezone : null;
      const chosen = {
        ...s,
        city: action.city.name,
        cityQuery: action.city.name,
        location: { id: action.city.id, center: { lat: action.city.lat, lng: action.city.lng }, radius: DEFAULT_RADIUS },
      };
      // The game is played in the city, so its zone is the default; a zone the booker picked stays, with the prompt.
      if (zone && !s.timezoneChosen) return { ...chosen, timezone: zone, suggestedTimezone: null };
      return { ...chosen, suggestedTimezone: zone && zone !== s.timezone ? zone : null };
    }
    case 'dismissSuggestedTimezone':
      // 'Keep {zone}' is a choice too.
      return { ...s, suggestedTimezone: null, timezoneChosen: true };
    case 'setPlayerInput': {
      const valid = playerCountError(action.text) === null;
      return { ...s, playerInput: action.text, playerCount: valid ? Number(action.text.trim()) : s.playerCount };
    }
    case 'stepPlayers': {
      const shown = /^\d+$/.test(s.playerInput.trim()) ? Number(s.playerInput.trim()) : s.playerCount;
      const next = stepPlayers(shown, action.direction);
      return { ...s, playerInput: String(next), playerCount: playerCountError(String(next)) === null ? next : s.playerCount };
    }
    case 'commitPlayerInput':
      // A field that is not a number goes back to the stored count.
      return /^\d+$/.test(s.playerInput.trim()) ? s : { ...s, playerInput: String(s.playerCount) };
    case 'selectPlan':
      if (!(PLAN_TYPES as readonly string[]).includes(action.plan)) return s;
      return { ...s, planType: action.plan, type: gameType(action.plan, s.addOns) };
    case 'toggleAddOn': {
      const has = s.addOns.includes(action.addOn);
      const addOns = has ? s.addOns.filter((a) => a !== action.addOn) : [...s.addOns, action.addOn];
      return { ...s, addOns, type: gameType(s.planType, addOns) };
    }
    case 'setCurrency':
      return { ...s, currency: action.currency };
    case 'pricingRequested':
      return { ...s, pricingLoading: true, pricingError: null };
    case 'pricingLoaded':
      return { ...s, pricingLoading: false, pricingError: null, pricing: action.pricing };
    case 'pricingFailed':
      return { ...s, pricingLoading: false, pricingError: action.error };
    case 'setContact':
      return { ...s, contactDetails: { ...s.contactDetails, [action.field]: action.value } };
    case 'captureTracking':
      // First touch wins: what the landing URL carried stays for the whole visit.
      return Object.keys(s.tracking).length > 0 ? s : { ...s, tracking: { ...action.tracking } };
    case 'setIdempotencyKey':
      return { ...s, idempotencyKey: action.key };
    case 'discountApplied':
      return {
        ...s,
        discountCode: action.code,
        discount: { discountTotal: action.discountTotal, totalPrice: action.totalPrice, voucherBalance: action.voucherBalance },
      };
    case 'discountRemoved':
      return { ...s, discountCode: null, discount: null };
    case 'termsAccepted':
      return { ...s, termsVersion: action.version };
    case 'bookingCreated':
      return {
        ...s,
        id: action.booking.id,
        tempCode: action.booking.temp_code,
        manageKey: action.booking.manage_key,
        bookingStatus: action.booking.booking_status,
        pricePerPerson: action.booking.price_per_person,
        addOnsTotal: action.booking.add_ons_total,
        totalPrice: action.booking.total_price,
        discountCode: action.booking.discount_code,
        // A voucher's code is no discount of the booking (its discount_code stays null): what it paid is in the payment panel.
        discount: action.booking.discount_code
          ? { discountTotal: action.booking.discount_total, totalPrice: action.booking.total_price, voucherBalance: null }
          : null,
        stepIndex: LAST_STEP,
      };
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  // A booking already made is not changed by the wizard any more (only moves, pricing and reset).
  if (state.id !== null && BOOKING_DATA_ACTIONS.has(action.type)) return state;
  const next = apply(state, action);
  if (next === state) return state;
  // A changed choice makes a new attempt, and the code's discount is priced again for it (the summary asks the server).
  const codeChanged = action.type === 'discountApplied' || action.type === 'discountRemoved' || action.type === 'termsAccepted';
  const keyed = BOOKING_DATA_ACTIONS.has(action.type)
    ? { ...next, idempotencyKey: null, discount: null }
    : codeChanged
      ? { ...next, idempotencyKey: null }
      : next;
  return finalize(keyed);
}

/** The game's moment is known and real ('Invalid date/time' otherwise). */
export function hasValidDateTime(s: Pick<WizardState, 'utcDateTime'>): boolean {
  return s.utcDateTime !== '';
}

/**
 * The wizard's prices come from the loaded price list of the booking's own currency (the server's list and rule,
 * computeBookingPrice): only then may step 4 show a total and offer Book now (decision 0110).
 */
export function isPriced(s: Pick<WizardState, 'pricing' | 'pricingLoading' | 'currency' | 'planType' | 'addOns'>): boolean {
  const list = s.pricing;
  if (!list || s.pricingLoading || list.currency !== s.currency) return false;
  return list.plans.some((p) => p.type === s.planType) && s.addOns.every((a) => list.addons.some((x) => x.type === a));
}
