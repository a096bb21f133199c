import { z } from 'zod';
import { pricingResponse, type Pricing } from '../../../shared/api/pricing';
import { geocodeResponse, IDEMPOTENCY_HEADER, type CreateBookingInput, type Place } from '../../../shared/api/public-booking';
import type { Currency } from '../../../shared/plans';
import { ApiError, apiRequest } from '../../lib/api-client';
import type { CreatedBooking } from './wizard-state';

/** The calls the booking wizard makes. */

export const PRICING_FAILED = 'Failed to fetch pricing';
export const UNKNOWN_ERROR = 'An error occurred';
export const CITY_SUGGESTIONS_FAILED = 'Failed to fetch city suggestions. Please try again.';
export const CREATE_BOOKING_FAILED = 'Failed to create booking';
export const CITY_SUGGESTIONS_SHOWN = 5;

export function fetchPricing(currency: Currency, signal?: AbortSignal): Promise<Pricing> {
  return apiRequest('/api/pricing', { query: { currency }, schema: pricingResponse, ...(signal ? { signal } : {}) });
}

/** Spec section 8: the server's error text, else 'Failed to fetch pricing', else 'An error occurred'. */
export function pricingErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || PRICING_FAILED;
  if (error instanceof Error) return PRICING_FAILED;
  return UNKNOWN_ERROR;
}

export async function searchCities(q: string, signal?: AbortSignal): Promise<Place[]> {
  const answer = await apiRequest('/api/geocode', { query: { q }, schema: geocodeResponse, ...(signal ? { signal } : {}) });
  return answer.results.slice(0, CITY_SUGGESTIONS_SHOWN);
}

const createdBookingResponse = z.object({
  booking: z.object({
    id: z.number().int(),
    temp_code: z.string(),
    price_per_person: z.number(),
    add_ons_total: z.number(),
    total_price: z.number(),
    booking_status: z.string(),
  }),
});

/** POST /api/bookings with an idempotency key: a retry with the same key makes no second booking. */
export async function createBooking(body: CreateBookingInput, idempotencyKey: string): Promise<CreatedBooking> {
  const answer = await apiRequest('/api/bookings', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: createdBookingResponse });
  return answer.booking;
}

/** The server's message (its first field error when it names one), else ours. */
export function createBookingErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.errors).flat()[0];
    if (error.status === 422 && first) return first;
    if (error.message && error.status !== 500) return error.message;
  }
  return CREATE_BOOKING_FAILED;
}
