// What the game domain reads of a booking (issue 21: only the booking domain queries the bookings table).
import { asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { bookings, teams } from './tables/bookings';
import type { DbOrTx } from '../../platform/db/client';

/**
 * A game's booking as the game domain reads it: joined into the game's own statement, so loading a game for a player,
 * the leaderboards, the ticker and the staff lists (with their booking filters, sorting and paging) stay one round
 * trip. Read-only, and only these columns; PostgreSQL flattens the subquery into a plain join. The game domain joins
 * it with its `gameBookingOn` (domains/game/booking-join.ts).
 */
export const gameBooking = new QueryBuilder()
  .select({
    id: bookings.id,
    status: bookings.bookingStatus,
    players: bookings.players,
    duration: bookings.duration,
    city: bookings.city,
    planType: bookings.planType,
    lat: bookings.initialAreaLat,
    lng: bookings.initialAreaLng,
    radius: bookings.initialAreaRadius,
    utcDateTime: bookings.utcDateTime,
    fullName: bookings.fullName,
    // Staff's game overview finds and shows a game by its booker's email; no player or host projection carries it.
    email: bookings.email,
    tel: bookings.tel,
    meetingPointAddress: bookings.meetingPointAddress,
    meetingPointNotes: bookings.meetingPointNotes,
    /** Only the Chicken's own screen and staff read these (never a projection to players). */
    hidingSpotAddress: bookings.hidingSpotAddress,
    hidingSpotNotes: bookings.hidingSpotNotes,
    timezone: bookings.timezone,
    assignedHostId: bookings.assignedHostId,
    manageKey: bookings.manageKey,
    date: bookings.date,
    // With the date: the start of a booking stored without a usable time is 14:00 there (shared/meeting-time.ts).
    meetingTime: bookings.meetingTime,
  })
  .from(bookings)
  .as('game_booking');

/** The team names the booker set up, in the order they were added: a new game instance starts with these teams. */
export async function bookedTeamNames(tx: DbOrTx, bookingId: number): Promise<string[]> {
  const rows = await tx.select({ name: teams.name }).from(teams).where(eq(teams.bookingId, bookingId)).orderBy(asc(teams.id));
  return rows.map((r) => r.name);
}
