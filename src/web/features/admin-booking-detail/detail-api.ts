import { queryOptions } from '@tanstack/react-query';
import { CONTACT_TYPES, LEAD_STATUSES, type AdminBooking } from '../../../shared/api/booking';
import type { DetailPatchInput, LockSection } from '../../../shared/api/admin-booking-detail';
import { adminBookingDetailEndpoints as ep } from '../../../shared/api/endpoints/admin-booking-detail';
import { adminUsersEndpoints } from '../../../shared/api/endpoints/admin-users';
import { hostTimeEndpoints } from '../../../shared/api/endpoints/host-time';
import { api } from '../../lib/api-client';
import type { RefundPurpose } from '../../../shared/payments';
import { bookingFactsChanged } from '../../lib/booking-facts-data';

/**
 * The booking's own record. Its heartbeat and timeline sit beside it under ['admin-booking', id], so refreshing the
 * record (a prefix) reads only the record again.
 */
export const bookingQuery = (id: number) =>
  queryOptions({ queryKey: ['admin-booking', id, 'record'] as const, queryFn: () => api(ep.get, { params: { id } }).then((r) => r.booking) });
export const heartbeatQueryKey = (id: number) => ['admin-booking', id, 'heartbeat'] as const;
export const hostsQueryKey = ['admin-hosts'] as const;

/**
 * What every staff write on the booking does with its answer (options of `useAction`): the booking as now stored
 * replaces the shown one without another request, the staff lists showing its facts are marked stale, and a stale
 * edit (409) says the server's reason and reloads it.
 */
export const writesBooking = (id: number) => ({ replaces: bookingQuery(id).queryKey, invalidates: bookingFactsChanged, rereadOnFailure: 'conflict' as const });

export const fetchHeartbeat = (id: number) => api(ep.heartbeat, { params: { id } });
export const fetchHosts = () => api(adminUsersEndpoints.hosts).then((r) => r.hosts);
/** Who is free for this booking's game (issue 31): read again after every host change, here or on another booking. */
export const hostAvailabilityRoot = ['admin-host-availability'] as const;
export const hostAvailabilityQuery = (id: number) =>
  queryOptions({
    queryKey: [...hostAvailabilityRoot, id] as const,
    queryFn: () => api(hostTimeEndpoints.availableFor, { params: { id } }).then((r) => r.hosts),
  });

/** One field of PATCH /api/admin/bookings/{id} (the server refuses more than one per call). */
type PatchField = Omit<DetailPatchInput, 'version'>;

const params = (b: AdminBooking) => ({ id: b.id });

/** The screens hold choices as plain strings taken from these lists; anything else is a bug, not input. */
function oneOf<T extends string>(list: readonly T[], value: string): T {
  const found = list.find((item) => item === value);
  if (found === undefined) throw new Error(`Unexpected choice ${value}`);
  return found;
}

/**
 * Changes that set a value send the version the page shows, so an edit made on a stale page is refused
 * (409), never applied. Appending a note, a payment or a correction of one (void, refund: each refused
 * by the server when it no longer fits the ledger), and starting the game, are safe on any version.
 */
export const detailCalls = {
  patch: (b: AdminBooking, field: PatchField) => api(ep.patch, { params: params(b), body: { ...field, version: b.version } }).then((r) => r.booking),
  addNote: (b: AdminBooking, note: string, type: string) =>
    api(ep.addNote, { params: params(b), body: { note, type: oneOf(CONTACT_TYPES, type) } }).then((r) => r.booking),
  leadStatus: (b: AdminBooking, leadStatus: string, reason: string) =>
    api(ep.leadStatus, { params: params(b), body: { lead_status: oneOf(LEAD_STATUSES, leadStatus), lead_status_reason: reason, version: b.version } }).then(
      (r) => r.booking,
    ),
  startGame: (b: AdminBooking) => api(ep.startGame, { params: params(b) }),
  resumeGame: (b: AdminBooking) => api(ep.resumeGame, { params: params(b) }).then((r) => r.booking),
  reopen: (b: AdminBooking, reason: string) => api(ep.reopen, { params: params(b), body: { reason, version: b.version } }).then((r) => r.booking),
  emergencyHost: (b: AdminBooking, hostId: string) =>
    api(ep.emergencyHost, { params: params(b), body: { host_id: hostId, version: b.version } }).then((r) => r.booking),
  toggleWeapons: (b: AdminBooking, weaponsOn: boolean) =>
    api(ep.toggleWeapons, { params: params(b), body: { weapons_on: weaponsOn, version: b.version } }).then((r) => r.booking),
  recordPayment: (b: AdminBooking, paymentType: string, pence: number) =>
    api(ep.recordPayment, { params: params(b), body: { payment_type: paymentType, payment_amount: pence } }).then((r) => r.booking),
  voidPayment: (b: AdminBooking, paymentId: number, reason: string) =>
    api(ep.voidPayment, { params: { id: b.id, paymentId }, body: { reason } }).then((r) => r.booking),
  refundPayment: (b: AdminBooking, paymentId: number, amount: number, reason: string, purpose: RefundPurpose) =>
    api(ep.refundPayment, { params: { id: b.id, paymentId }, body: { amount, reason, purpose } }).then((r) => r.booking),
  locks: (b: AdminBooking, locks: Partial<Record<LockSection, boolean>>) =>
    api(ep.locks, { params: params(b), body: { ...locks, version: b.version } }).then((r) => r.booking),
};
