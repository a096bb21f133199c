import type { Db } from '../../platform/db/client';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { isRefusal, type CodeGuesses } from '../../platform/code-guesses';
import { bookingGamesOf } from '../game/records';
import { PUBLIC_BOOKING_MESSAGES } from '../../../shared/api/public-booking';
import { findBookingFacts, type BookingFacts } from './booking-lookups';
import { assertOrganiser } from './organiser-key';

type BookerCtx = { db: Db; guesses: CodeGuesses; code: string; manageKey: string | null; ip: string };

/**
 * The booking of a booker's call by code (its invoices, the voucher box): its management key (X-Manage-Key) names it and
 * the code in the path (temporary or game code) must be its own. No key or a wrong one → 403 pointing to the link; a
 * code not the key's booking → 404. A wrong key or code counts as a guess (platform/code-guesses.ts), like every other
 * look-up by code.
 */
export async function bookerBooking({ db, guesses, code, manageKey, ip }: BookerCtx): Promise<BookingFacts> {
  return guesses.guard(
    ip,
    async () => {
      const booking = manageKey ? await findBookingFacts(db, { manageKey }) : null;
      if (!booking) throw new ForbiddenError(PUBLIC_BOOKING_MESSAGES.manageKeyRequired);
      assertOrganiser(booking, manageKey);
      if (booking.tempCode === code) return booking;
      const game = (await bookingGamesOf(db, [booking.id])).get(booking.id);
      if (game?.code !== code) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
      return booking;
    },
    isRefusal,
  );
}
