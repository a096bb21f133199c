import type { Pricing } from '../../../shared/api/pricing';
import type { DiscountQuote } from '../../../shared/api/promo-codes';
import type { CreateBookingInput, Place } from '../../../shared/api/public-booking';
import type { Currency, PlanType } from '../../../shared/plans';
import type { PublicPrivacy } from '../../../shared/api/privacy';
import { ApiError, api, lazyEndpoint } from '../../lib/api-client';
import type * as Schemas from './wizard-schemas';
import { loadWizardSchemas } from './wizard-schemas-loader';
import type { CreatedBooking } from './wizard-state';

/** The calls the booking wizard makes. Their zod schemas come from a chunk loaded on demand. */

export const PRICING_FAILED = 'Failed to fetch pricing';
export const UNKNOWN_ERROR = 'An error occurred';
export const CITY_SUGGESTIONS_FAILED = 'Failed to fetch city suggestions. Please try again.';
export const CREATE_BOOKING_FAILED = 'Failed to create booking';
export const CITY_SUGGESTIONS_SHOWN = 5;

type WizardSchemas = typeof Schemas;
const signalOf = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** GET /api/pricing; `schemas` lets the caller decide when the schemas chunk is loaded (default: now). */
export function fetchPricing(currency: Currency, signal?: AbortSignal, schemas: Promise<WizardSchemas> = loadWizardSchemas()): Promise<Pricing> {
  const endpoint = lazyEndpoint({ method: 'GET', path: '/api/pricing' }, () => schemas.then((s) => s.pricingEndpoint));
  return api(endpoint, { query: { currency }, ...signalOf(signal) });
}

/** Spec section 8: the server's error text, else 'Failed to fetch pricing', else 'An error occurred'. */
export function pricingErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || PRICING_FAILED;
  if (error instanceof Error) return PRICING_FAILED;
  return UNKNOWN_ERROR;
}

export async function searchCities(q: string, signal?: AbortSignal): Promise<Place[]> {
  const endpoint = lazyEndpoint({ method: 'GET', path: '/api/geocode' }, () => loadWizardSchemas().then((s) => s.geocodeEndpoint));
  const answer = await api(endpoint, { query: { q }, ...signalOf(signal) });
  return answer.results.slice(0, CITY_SUGGESTIONS_SHOWN);
}

/** GET /api/privacy: the booking terms in force, if any (then the summary asks the booker to accept them). */
export function fetchCurrentPrivacy(signal?: AbortSignal): Promise<PublicPrivacy> {
  const endpoint = lazyEndpoint({ method: 'GET', path: '/api/privacy' }, () => loadWizardSchemas().then((s) => s.privacyEndpoint));
  return api(endpoint, signalOf(signal));
}

/** POST /api/bookings with an idempotency key: a retry with the same key makes no second booking. */
export async function createBooking(body: CreateBookingInput, idempotencyKey: string): Promise<CreatedBooking> {
  const { IDEMPOTENCY_HEADER, createBookingEndpoint } = await loadWizardSchemas();
  const answer = await api(createBookingEndpoint, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return answer.booking;
}

/** The server's message (its first field error when it names one), else ours. */
export function createBookingErrorText(error: unknown, failed: string = CREATE_BOOKING_FAILED): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.errors).flat()[0];
    if (error.status === 422 && first) return first;
    if (error.message && error.status !== 500) return error.message;
  }
  return failed;
}

/** GET /api/discount-codes/:code: the server's discount and total for a code and these choices; takes no use. */
export async function fetchDiscountQuote(
  code: string,
  facts: { planType: PlanType; players: number; currency: Currency; addOns: readonly string[] },
  signal?: AbortSignal,
): Promise<DiscountQuote> {
  const endpoint = lazyEndpoint({ method: 'GET', path: '/api/discount-codes/:code' }, () =>
    import('../../../shared/api/endpoints/promo-codes').then((m) => m.discountQuoteEndpoint),
  );
  return api(endpoint, {
    params: { code },
    query: { plan_type: facts.planType, players: facts.players, currency: facts.currency, add_ons: facts.addOns.join(',') },
    ...signalOf(signal),
  });
}
