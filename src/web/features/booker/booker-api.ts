import { bookerBookingResponse, bookingByCodeResponse, type BookerBooking, type BookingByCode } from '../../../shared/api/booking';
import {
  challengeOptionsResponse,
  type ChallengeOption,
  type ChickenInput,
  type GameAreaInput,
  type LocationsInput,
  type TeamsInput,
} from '../../../shared/api/booker-game';
import { MANAGE_KEY_HEADER, type UpdateBookingInput } from '../../../shared/api/public-booking';
import { apiRequest } from '../../lib/api-client';

/**
 * The calls of the booker's pages: the booking by code (public, or private before payment), by the private
 * management key, its edits and the game set-up (which needs the management key, decision 0185).
 */

export const bookingQueryKey = (code: string) => ['booker', 'booking', code.toUpperCase()] as const;
export const managedBookingQueryKey = (key: string) => ['booker', 'manage', key] as const;
export const challengeOptionsKey = (code: string) => ['booker', 'challenges', code.toUpperCase()] as const;

const enc = encodeURIComponent;

/** The organiser's credentials for a game: its code and private management key. */
export type Organiser = Pick<BookerBooking, 'code' | 'manage_key'>;

export async function fetchBookingByCode(code: string): Promise<BookingByCode> {
  return (await apiRequest(`/api/booking/${enc(code)}`, { schema: bookingByCodeResponse })).booking;
}

export async function fetchBookingByManageKey(key: string): Promise<BookerBooking> {
  return (await apiRequest(`/api/manage/${enc(key)}`, { schema: bookerBookingResponse })).booking;
}

/** PATCH /api/bookings/{id}, proving the management key in X-Manage-Key. */
export async function updateBooking(booking: Pick<BookerBooking, 'id' | 'manage_key'>, body: UpdateBookingInput): Promise<BookerBooking> {
  const answer = await apiRequest(`/api/bookings/${booking.id}`, {
    method: 'PATCH',
    body,
    headers: { [MANAGE_KEY_HEADER]: booking.manage_key },
    schema: bookerBookingResponse,
  });
  return answer.booking;
}

export async function fetchChallengeOptions(o: Organiser): Promise<ChallengeOption[]> {
  return (await apiRequest(`/api/booking/${enc(o.code)}/challenges`, { headers: { [MANAGE_KEY_HEADER]: o.manage_key }, schema: challengeOptionsResponse }))
    .challenges;
}

const change = async (o: Organiser, tail: string, method: 'POST' | 'PUT', body: unknown): Promise<BookerBooking> =>
  (await apiRequest(`/api/booking/${enc(o.code)}/${tail}`, { method, body, headers: { [MANAGE_KEY_HEADER]: o.manage_key }, schema: bookerBookingResponse }))
    .booking;

export const saveChallenges = (o: Organiser, addedChallenges: number[]) => change(o, 'challenges', 'POST', { added_challenges: addedChallenges });
export const activateGame = (o: Organiser, bookingId: number) => change(o, 'activate', 'POST', { booking_id: bookingId });
export const saveLocations = (o: Organiser, body: LocationsInput) => change(o, 'locations', 'PUT', body);
export const saveGameArea = (o: Organiser, body: GameAreaInput) => change(o, 'game-area', 'PUT', body);
export const saveTeams = (o: Organiser, body: TeamsInput) => change(o, 'teams', 'PUT', body);
export const saveChicken = (o: Organiser, body: ChickenInput) => change(o, 'chicken', 'PUT', body);
