import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createBookingErrorText, pricingErrorText } from './wizard-api';

describe('pricingErrorText (spec section 8)', () => {
  it("uses the server's text, else 'Failed to fetch pricing', else 'An error occurred'", () => {
    expect(pricingErrorText(new ApiError(422, 'The currency must be one of GBP, USD or EUR.'))).toBe('The currency must be one of GBP, USD or EUR.');
    expect(pricingErrorText(new ApiError(503, ''))).toBe('Failed to fetch pricing');
    expect(pricingErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch pricing');
    expect(pricingErrorText('boom')).toBe('An error occurred');
  });
});

describe('createBookingErrorText', () => {
  it("shows the first field error of a 422, else the server's message, never a 500's", () => {
    expect(createBookingErrorText(new ApiError(422, 'The given data was invalid.', { email: ['Please enter a valid email address'] }))).toBe(
      'Please enter a valid email address',
    );
    expect(createBookingErrorText(new ApiError(429, 'Too many requests'))).toBe('Too many requests');
    expect(createBookingErrorText(new ApiError(500, 'Server Error'))).toBe('Failed to create booking');
    expect(createBookingErrorText(new Error('offline'))).toBe('Failed to create booking');
  });
});
