import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { ApiError } from '../../lib/api-client';
import { bookingQueryKey, fetchBookingByCode } from './booker-api';

/** The booking of a code, and a setter that puts a call's answer in its place. */
export function useBooking(code: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: bookingQueryKey(code),
    queryFn: () => fetchBookingByCode(code),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
  const replace = useCallback((booking: BookerBooking) => client.setQueryData(bookingQueryKey(code), booking), [client, code]);
  return { ...query, replace };
}

export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Booking not found';
  if (error instanceof ApiError && error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return 'Failed to load booking details';
}
