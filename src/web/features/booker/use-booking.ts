import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BookerBooking, BookingByCode } from '../../../shared/api/booking';
import { ApiError, retryUnlessRefused } from '../../lib/api-client';
import { bookingQueryKey, fetchBookingByCode, fetchBookingByManageKey, managedBookingQueryKey } from './booker-api';

const retry = retryUnlessRefused(1);

/** The booking of a code (the organiser's view for an unpaid temp code, else the public one), and a setter. */
export function useBooking(code: string) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: bookingQueryKey(code), queryFn: () => fetchBookingByCode(code), retry });
  const replace = useCallback((booking: BookingByCode) => client.setQueryData(bookingQueryKey(code), booking), [client, code]);
  return { ...query, replace };
}

/** The organiser's booking by its private management key, and a setter that puts a call's answer in its place. */
export function useManagedBooking(key: string) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: managedBookingQueryKey(key), queryFn: () => fetchBookingByManageKey(key), retry });
  const replace = useCallback((booking: BookerBooking) => client.setQueryData(managedBookingQueryKey(key), booking), [client, key]);
  return { ...query, replace };
}

/** True for the organiser's view (it carries the management key), false for the public one. */
export function isOrganiserView(booking: BookingByCode): booking is BookerBooking {
  return !('access' in booking);
}

/**
 * What a booking page says when its booking cannot be loaded (the booker catalogue's key). The page's code or key
 * comes from its address, so a 422 (a key that cannot be one, e.g. cut short in a mail: 'Invalid management key') is a
 * wrong address like a 404: 'Booking not found', not a fault (issue 36). Only a real fault (5xx, no network) says
 * 'Failed to load booking details'.
 */
export function loadErrorKey(error: unknown): 'bookingNotFound' | 'tooManyAttempts' | 'loadFailed' {
  if (error instanceof ApiError && (error.status === 404 || error.code === 'validation_failed')) return 'bookingNotFound';
  if (error instanceof ApiError && error.status === 429) return 'tooManyAttempts';
  return 'loadFailed';
}
