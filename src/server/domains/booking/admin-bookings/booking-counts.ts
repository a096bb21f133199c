import type { AttentionFilter, ListBookingsQuery, ListLeadStatus } from '../../../../shared/api/admin-bookings';
import type { KeyCount } from './booking-counts-repository';
import { hasPaid, PLAYED_STATUSES, UPCOMING_STATUSES } from '../../../../shared/lifecycle/booking-states';
import { isLead } from '../../../../shared/leads';

/**
 * The list filters and metrics of docs/decisions/0150-booking-metrics.md, as tests on a counted key.
 * Each mirrors its SQL condition in admin-bookings-repository.ts (attentionCondition,
 * pipelineCondition, gameDateCondition); tests/api/admin-bookings-counts.test.ts checks they agree.
 */
export type KeyTest = (key: KeyCount) => boolean;

/** An upcoming game (paid, not played): what the attention filters look at. */
const isPaid: KeyTest = (k) => (UPCOMING_STATUSES as readonly string[]).includes(k.bookingStatus);
export const isPlayed: KeyTest = (k) => (PLAYED_STATUSES as readonly string[]).includes(k.bookingStatus);
export const isUpcoming = isPaid;

export const ATTENTION_TESTS: Record<AttentionFilter, KeyTest> = {
  need_venues: (k) => isPaid(k) && k.needsVenue,
  need_hosts: (k) => isPaid(k) && k.needsHost,
  unactivated: (k) => isPaid(k) && !k.activated,
};

/** The Leads & Enquiries tab: every lead (shared/leads.ts), or those of one lead status. */
export function pipelineTest(leadStatus: ListLeadStatus = 'all'): KeyTest {
  return (k) => isLead({ booking_status: k.bookingStatus, lead_status: k.leadStatus }) && (leadStatus === 'all' || k.leadStatus === leadStatus);
}

const isGame: KeyTest = (k) => hasPaid(k.bookingStatus);

/** The test for a list query's filter; undefined when a search narrows it (the counts know no names). */
export function listKeyTest(query: Pick<ListBookingsQuery, 'view' | 'status' | 'lead_status' | 'search'>): KeyTest | undefined {
  if (query.search) return undefined;
  if (query.view === 'leads') return pipelineTest(query.lead_status);
  if (query.view === 'calendar') return isGame;
  const status = query.status;
  if (status === 'all') return () => true;
  if (status === 'need_venues' || status === 'need_hosts' || status === 'unactivated') return ATTENTION_TESTS[status];
  return (k) => k.bookingStatus === status;
}

export function countKeys(keys: KeyCount[], test: KeyTest): number {
  return keys.reduce((sum, k) => (test(k) ? sum + k.n : sum), 0);
}
