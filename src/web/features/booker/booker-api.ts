import type { BookerBooking, BookingByCode } from '../../../shared/api/booking';
import type { ChallengeOption, ChickenInput, GameAreaInput, LocationsInput, TeamsInput } from '../../../shared/api/booker-game';
import { bookerGameEndpoints as game } from '../../../shared/api/endpoints/booker-game';
import { publicBookingEndpoints as booking } from '../../../shared/api/endpoints/public-booking';
import { MANAGE_KEY_HEADER, type UpdateBookingInput } from '../../../shared/api/public-booking';
import { giftVoucherEndpoints } from '../../../shared/api/endpoints/gift-vouchers';
import { discountQuoteEndpoint } from '../../../shared/api/endpoints/promo-codes';
import type { DiscountQuote } from '../../../shared/api/promo-codes';
import type { RedeemVoucherResponse } from '../../../shared/api/gift-vouchers';
import { isCurrency, isPlanType } from '../../../shared/plans';
import { api } from '../../lib/api-client';
import { pathOf } from '../../../shared/api/endpoint';

/**
 * The calls of the booker's pages: the booking by code (public, or private before payment), by the private
 * management key, its edits and the game set-up (which needs the management key, decision 0140).
 */

export const bookingQueryKey = (code: string) => ['booker', 'booking', code.toUpperCase()] as const;
export const managedBookingQueryKey = (key: string) => ['booker', 'manage', key] as const;
export const challengeOptionsKey = (code: string) => ['booker', 'challenges', code.toUpperCase()] as const;

/** The organiser's credentials for a game: its code and private management key. */
export type Organiser = Pick<BookerBooking, 'code' | 'manage_key'>;

const asOrganiser = (o: Organiser) => ({ params: { code: o.code }, headers: { [MANAGE_KEY_HEADER]: o.manage_key } });

export async function fetchBookingByCode(code: string): Promise<BookingByCode> {
  return (await api(booking.byCode, { params: { code } })).booking;
}

export async function fetchBookingByManageKey(key: string): Promise<BookerBooking> {
  return (await api(booking.byManageKey, { params: { key } })).booking;
}

/** PATCH /api/bookings/{id}, proving the management key in X-Manage-Key. */
export async function updateBooking(b: Pick<BookerBooking, 'id' | 'manage_key'>, body: UpdateBookingInput): Promise<BookerBooking> {
  return (await api(booking.update, { params: { id: b.id }, body, headers: { [MANAGE_KEY_HEADER]: b.manage_key } })).booking;
}

/**
 * GET /api/discount-codes/:code for this booking's choices: whether a code is a promo code or a gift voucher (and
 * what either would do), before the booker page sends it where it belongs. Null for a booking the quote cannot
 * describe (a plan or currency no longer offered): the PATCH then judges the code.
 */
export async function quoteCode(b: Pick<BookerBooking, 'plan_type' | 'players' | 'currency' | 'add_ons'>, code: string): Promise<DiscountQuote | null> {
  if (!isPlanType(b.plan_type) || !isCurrency(b.currency)) return null;
  return api(discountQuoteEndpoint, {
    params: { code },
    query: { plan_type: b.plan_type, players: b.players, currency: b.currency, add_ons: b.add_ons.join(',') },
  });
}

/** POST /api/booking/{code}/voucher: the voucher pays what is outstanding (at most its balance); answers the booking. */
export async function redeemVoucher(b: Organiser, code: string): Promise<RedeemVoucherResponse> {
  return api(giftVoucherEndpoints.redeem, { ...asOrganiser(b), body: { code } });
}

export async function fetchChallengeOptions(o: Organiser): Promise<ChallengeOption[]> {
  return (await api(game.challengeOptions, asOrganiser(o))).challenges;
}

export const saveChallenges = async (o: Organiser, addedChallenges: number[]) =>
  (await api(game.saveChallenges, { ...asOrganiser(o), body: { added_challenges: addedChallenges } })).booking;
export const activateGame = async (o: Organiser, bookingId: number) =>
  (await api(game.activate, { ...asOrganiser(o), body: { booking_id: bookingId } })).booking;
export const saveLocations = async (o: Organiser, body: LocationsInput) => (await api(game.locations, { ...asOrganiser(o), body })).booking;
export const saveGameArea = async (o: Organiser, body: GameAreaInput) => (await api(game.gameArea, { ...asOrganiser(o), body })).booking;
export const saveTeams = async (o: Organiser, body: TeamsInput) => (await api(game.teams, { ...asOrganiser(o), body })).booking;
export const saveChicken = async (o: Organiser, body: ChickenInput) => (await api(game.chicken, { ...asOrganiser(o), body })).booking;

/** The price list in the booking's currency, to price an edit before it is saved. */

/**
 * The live game, read-only, for the organiser (the same view as the host's, without the controls). The Chicken's
 * position comes only when the organiser asked to see it (`chicken=show`, decision 0280).
 */
export const liveGameKey = (code: string, showChicken: boolean) => ['booker', 'live', code.toUpperCase(), showChicken] as const;
const liveQuery = (showChicken: boolean) => (showChicken ? { chicken: 'show' as const } : {});
export const fetchLiveGame = (o: Organiser, showChicken: boolean, signal?: AbortSignal) =>
  api(game.live, { ...asOrganiser(o), query: liveQuery(showChicken), ...(signal ? { signal } : {}) });
export const liveStreamUrl = (o: Organiser, showChicken: boolean) => `${pathOf(game.liveStream.path, { code: o.code })}${showChicken ? '?chicken=show' : ''}`;
export const organiserHeaders = (o: Organiser) => ({ [MANAGE_KEY_HEADER]: o.manage_key });
