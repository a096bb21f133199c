import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import type { CodeGuesses } from '../../../platform/code-guesses';
import { calendarFeedOwner } from '../../identity';
import { bookingGame } from '../../game/records';
import { isClosed } from '../../../../shared/lifecycle/booking-states';
import { API_DATE } from '../../../../shared/time';
import { format } from 'date-fns';
import { bookings } from '../tables/bookings';
import { calendarColumns, feedCalendar } from '../booking-calendar';

export const CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found';
/** Games this long ago still show, so a host can look back at last week; older ones drop out of the feed. */
const LOOK_BACK_DAYS = 30;
/** A feed is read by calendar apps every few hours: bounded, even for an admin on a busy install. */
const MOST_GAMES = 1000;

/**
 * GET /api/calendar-feeds/{token}/hatch.ics (issue 31, decision 0394): the games of the feed's owner. A host's: the
 * bookings they are assigned to or whose game they run; an admin's: every booking's game. Closed bookings are left
 * out. An unknown or revoked secret is a 404 counted as a guess, like every look-up by secret (decision 0180).
 */
export async function calendarFeedIcs(deps: { db: Db; guesses: CodeGuesses }, input: { token: string; ip: string; baseUrl: string; now?: Date }) {
  const now = input.now ?? new Date();
  const owner = await deps.guesses.guard(input.ip, async () => {
    const found = await calendarFeedOwner(deps.db, input.token);
    if (!found) throw new NotFoundError(CALENDAR_FEED_NOT_FOUND);
    return found;
  });
  const from = format(new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000), API_DATE);
  const mine = owner.isAdmin ? undefined : eq(bookings.assignedHostId, owner.id);
  const rows = await deps.db
    .select({ ...calendarColumns, gameCode: bookingGame.code })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(and(gte(bookings.date, from), mine))
    .orderBy(asc(bookings.date), asc(bookings.id))
    .limit(MOST_GAMES);
  const games = rows.filter((r) => !isClosed({ booking_status: r.bookingStatus, lead_status: r.leadStatus }));
  return feedCalendar(games, { baseUrl: input.baseUrl, now, name: owner.isAdmin ? 'hatch: all games' : 'hatch: my games' });
}
