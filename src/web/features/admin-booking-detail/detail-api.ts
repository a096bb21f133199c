import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminBookingResponse, type AdminBooking } from '../../../shared/api/booking';
import {
  emergencyHostResponse,
  heartbeatSchema,
  hostsResponse,
  startGameResponse,
  toggleWeaponsResponse,
  type LockSection,
} from '../../../shared/api/admin-booking-detail';
import { ApiError, apiRequest, errorMessage, SESSION_EXPIRED } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toast';

const base = (id: number) => `/api/admin/bookings/${id}`;

export const bookingQueryKey = (id: number) => ['admin-booking', id] as const;
export const heartbeatQueryKey = (id: number) => ['admin-booking', id, 'heartbeat'] as const;
export const hostsQueryKey = ['admin-hosts'] as const;

export const fetchBooking = (id: number) => apiRequest(base(id), { schema: adminBookingResponse }).then((r) => r.booking);
export const fetchHeartbeat = (id: number) => apiRequest(`${base(id)}/game-heartbeat`, { schema: heartbeatSchema });
export const fetchHosts = () => apiRequest('/api/admin/hosts', { schema: hostsResponse }).then((r) => r.hosts);

type PatchField =
  | { admin_general_notes: string }
  | { utcDateTime: string; timezone: string }
  | { assigned_host_id: number }
  | { meeting_point_address: string }
  | { hiding_spot_address: string };

/**
 * Changes that set a value send the version the page shows, so an edit made on a stale page is refused
 * (409), never applied. Appending a note, a payment or a correction of one (void, refund: each refused
 * by the server when it no longer fits the ledger), and starting the game, are safe on any version.
 */
export const detailCalls = {
  patch: (b: AdminBooking, field: PatchField) =>
    apiRequest(base(b.id), { method: 'PATCH', body: { ...field, version: b.version }, schema: adminBookingResponse }).then((r) => r.booking),
  addNote: (b: AdminBooking, note: string, type: string) =>
    apiRequest(`${base(b.id)}/notes`, { method: 'POST', body: { note, type }, schema: adminBookingResponse }).then((r) => r.booking),
  leadStatus: (b: AdminBooking, leadStatus: string, reason: string) =>
    apiRequest(`${base(b.id)}/lead-status`, { method: 'POST', body: { lead_status: leadStatus, lead_status_reason: reason, version: b.version }, schema: adminBookingResponse }).then(
      (r) => r.booking,
    ),
  startGame: (b: AdminBooking) => apiRequest(`${base(b.id)}/start-game`, { method: 'POST', schema: startGameResponse }),
  emergencyHost: (b: AdminBooking, hostId: string) =>
    apiRequest(`${base(b.id)}/emergency-change-host`, { method: 'POST', body: { host_id: hostId, version: b.version }, schema: emergencyHostResponse }).then((r) => r.booking),
  toggleWeapons: (b: AdminBooking, weaponsOn: boolean) =>
    apiRequest(`${base(b.id)}/toggle-weapons`, { method: 'POST', body: { weapons_on: weaponsOn, version: b.version }, schema: toggleWeaponsResponse }).then((r) => r.booking),
  recordPayment: (b: AdminBooking, paymentType: string, pence: number) =>
    apiRequest(`${base(b.id)}/payments`, { method: 'POST', body: { payment_type: paymentType, payment_amount: pence }, schema: adminBookingResponse }).then(
      (r) => r.booking,
    ),
  voidPayment: (b: AdminBooking, paymentId: number, reason: string) =>
    apiRequest(`${base(b.id)}/payments/${paymentId}/void`, { method: 'POST', body: { reason }, schema: adminBookingResponse }).then((r) => r.booking),
  refundPayment: (b: AdminBooking, paymentId: number, amount: number, reason: string) =>
    apiRequest(`${base(b.id)}/payments/${paymentId}/refund`, { method: 'POST', body: { amount, reason }, schema: adminBookingResponse }).then((r) => r.booking),
  locks: (b: AdminBooking, locks: Partial<Record<LockSection, boolean>>) =>
    apiRequest(`${base(b.id)}/locks`, { method: 'PATCH', body: { ...locks, version: b.version }, schema: adminBookingResponse }).then((r) => r.booking),
};

type RunOptions<T> = {
  success: string | ((result: T) => string);
  failure: string;
  /** Show the server's message instead of `failure` when it sent one (spec: start game). */
  preferServerMessage?: boolean;
  /** The answer's booking, to show without another request. */
  bookingOf?: (result: T) => AdminBooking | undefined;
};

/**
 * Runs one staff action with the spec's toasts. A stale edit (409) shows the server's message and
 * reloads the booking, so the page shows what is now stored.
 */
export function useDetailAction(bookingId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async <T,>(call: () => Promise<T>, options: RunOptions<T>): Promise<T | undefined> => {
      try {
        const result = await call();
        const booking = options.bookingOf ? options.bookingOf(result) : undefined;
        if (booking) queryClient.setQueryData(bookingQueryKey(bookingId), booking);
        else await queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId), exact: true });
        notifySuccess(typeof options.success === 'function' ? options.success(result) : options.success);
        return result;
      } catch (error) {
        if (error instanceof ApiError && error.message === SESSION_EXPIRED) return undefined;
        if (error instanceof ApiError && error.status === 409) {
          notifyError(error.message);
          await queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId), exact: true });
          return undefined;
        }
        notifyError(options.preferServerMessage ? errorMessage(error, options.failure) : options.failure);
        return undefined;
      }
    },
    [bookingId, queryClient],
  );
}
