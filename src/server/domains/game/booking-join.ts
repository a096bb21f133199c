import { eq } from 'drizzle-orm';
import { gameBooking } from '../booking';
import { games } from './tables/games';

/** The inner join of a game to its booking as the booking domain projects it (`games.booking_id` is not null: every game has one). */
export const gameBookingOn = eq(gameBooking.id, games.bookingId);
