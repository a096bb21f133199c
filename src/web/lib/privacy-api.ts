import { queryOptions } from '@tanstack/react-query';
import { privacyEndpoints } from '../../shared/api/endpoints/privacy';
import { MANAGE_KEY_HEADER } from '../../shared/api/public-booking';
import { api } from './api-client';

/** The texts in force and the privacy settings (GET /api/privacy): the join page's waiver, the privacy notice. */
export const privacyQuery = queryOptions({ queryKey: ['privacy'], queryFn: () => api(privacyEndpoints.current), staleTime: 60_000 });

/** Who accepted what on a booking (issue 41): the booker's by code and management key, staff's by booking id. */
export type ConsentsOwner = { code: string; manage_key: string };
const asOwner = (o: ConsentsOwner) => ({ params: { code: o.code }, headers: { [MANAGE_KEY_HEADER]: o.manage_key } });
export const consentKeys = {
  booker: (code: string) => ['consents', 'booker', code.toUpperCase()] as const,
  staff: (bookingId: number) => ['consents', 'staff', bookingId] as const,
};
export const fetchBookerConsents = async (o: ConsentsOwner) => (await api(privacyEndpoints.bookerConsents, asOwner(o))).consents;
export const fetchStaffConsents = async (bookingId: number) => (await api(privacyEndpoints.adminConsents, { params: { id: bookingId } })).consents;
export const acceptTerms = async (o: ConsentsOwner, version: number) =>
  (await api(privacyEndpoints.bookerAcceptTerms, { ...asOwner(o), body: { terms_version: version } })).consents;
