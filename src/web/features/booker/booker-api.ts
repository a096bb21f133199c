import { bookerBookingResponse, type BookerBooking } from '../../../shared/api/booking';
import {
  challengeOptionsResponse,
  type ChallengeOption,
  type ChickenInput,
  type GameAreaInput,
  type LocationsInput,
  type TeamsInput,
} from '../../../shared/api/booker-game';
import { BOOKING_CODE_HEADER, type UpdateBookingInput } from '../../../shared/api/public-booking';
import { apiRequest } from '../../lib/api-client';

/** The calls of the booker's pages: the booking by code, its edits and the game set-up. */

export const bookingQueryKey = (code: string) => ['booker', 'booking', code.toUpperCase()] as const;
export const challengeOptionsKey = (code: string) => ['booker', 'challenges', code.toUpperCase()] as const;

const enc = encodeURIComponent;

export async function fetchBookingByCode(code: string): Promise<BookerBooking> {
  return (await apiRequest(`/api/booking/${enc(code)}`, { schema: bookerBookingResponse })).booking;
}

/** PATCH /api/bookings/{id}, proving the code in X-Booking-Code. */
export async function updateBooking(booking: Pick<BookerBooking, 'id' | 'code'>, body: UpdateBookingInput): Promise<BookerBooking> {
  const answer = await apiRequest(`/api/bookings/${booking.id}`, {
    method: 'PATCH',
    body,
    headers: { [BOOKING_CODE_HEADER]: booking.code },
    schema: bookerBookingResponse,
  });
  return answer.booking;
}

export async function fetchChallengeOptions(code: string): Promise<ChallengeOption[]> {
  return (await apiRequest(`/api/booking/${enc(code)}/challenges`, { schema: challengeOptionsResponse })).challenges;
}

const change = async (code: string, tail: string, method: 'POST' | 'PUT', body: unknown): Promise<BookerBooking> =>
  (await apiRequest(`/api/booking/${enc(code)}/${tail}`, { method, body, schema: bookerBookingResponse })).booking;

export const saveChallenges = (code: string, addedChallenges: number[]) => change(code, 'challenges', 'POST', { added_challenges: addedChallenges });
export const activateGame = (code: string, bookingId: number) => change(code, 'activate', 'POST', { booking_id: bookingId });
export const saveLocations = (code: string, body: LocationsInput) => change(code, 'locations', 'PUT', body);
export const saveGameArea = (code: string, body: GameAreaInput) => change(code, 'game-area', 'PUT', body);
export const saveTeams = (code: string, body: TeamsInput) => change(code, 'teams', 'PUT', body);
export const saveChicken = (code: string, body: ChickenInput) => change(code, 'chicken', 'PUT', body);
