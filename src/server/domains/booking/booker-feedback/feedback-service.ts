import type { Db } from '../../../platform/db/client';
import type { CodeGuesses } from '../../../platform/code-guesses';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import type { BookerFeedbackResponse, Feedback, FeedbackMetrics } from '../../../../shared/api/feedback';
import { FEEDBACK_MESSAGES, feedbackWindow, type FeedbackWindow } from '../../../../shared/feedback';
import { bookedWindow } from '../../../../shared/meeting-time';
import { DETAIL_MESSAGES } from '../../../../shared/api/admin-booking-detail';
import { loadBookingAggregate, type BookingAggregate } from '../booking-record';
import { stateOfRow } from '../booking-transitions';
import { findFeedback, ratingsOfGamesIn, saveFeedback, type FeedbackRow } from './feedback-repository';

/** The booker's feedback after the game (issue 31, decision 0393): by the private management key, one per booking. */

type Deps = { db: Db; guesses: CodeGuesses };

const toDto = (row: FeedbackRow): Feedback => ({
  rating: row.rating,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function windowOf(agg: BookingAggregate, now: Date): FeedbackWindow {
  const b = agg.booking;
  return feedbackWindow({ end: bookedWindow(b)?.end ?? null, completed: b.bookingStatus === 'completed', closed: stateOfRow(b) === 'closed' }, now);
}

/** By the management key; a wrong key is a 404 that counts as a guess, like every look-up by key (decision 0180). */
function byKey(deps: Deps, key: string, ip: string): Promise<BookingAggregate> {
  return deps.guesses.guard(ip, async () => {
    const agg = await loadBookingAggregate(deps.db, { manageKey: key });
    if (!agg) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
    return agg;
  });
}

export async function bookerFeedback(deps: Deps, input: { key: string; ip: string; now?: Date }): Promise<BookerFeedbackResponse> {
  const agg = await byKey(deps, input.key, input.ip);
  const row = await findFeedback(deps.db, agg.booking.id);
  return {
    feedback: row ? toDto(row) : null,
    window: windowOf(agg, input.now ?? new Date()),
    game: { city: agg.booking.city, date: agg.booking.date, code: agg.game?.code ?? agg.booking.tempCode },
  };
}

/**
 * Saves the booker's rating and comment: refused with a 409 before the game is over or on a cancelled booking. Given
 * again, it replaces the earlier one (the latest counts; staff see when it was last changed).
 */
export async function giveFeedback(
  deps: Deps,
  input: { key: string; ip: string; rating: number; comment: string; now?: Date },
): Promise<{ feedback: Feedback }> {
  const agg = await byKey(deps, input.key, input.ip);
  const now = input.now ?? new Date();
  const window = windowOf(agg, now);
  if (window === 'not_yet') throw new ConflictError(FEEDBACK_MESSAGES.notYet);
  if (window === 'closed') throw new ConflictError(FEEDBACK_MESSAGES.closed);
  const row = await saveFeedback(deps.db, { bookingId: agg.booking.id, rating: input.rating, comment: input.comment.trim(), now });
  return { feedback: toDto(row) };
}

/** Staff's view of one booking's feedback (the detail page). */
export async function adminFeedback(db: Db, bookingId: number): Promise<{ feedback: Feedback | null }> {
  const agg = await loadBookingAggregate(db, { id: bookingId });
  if (!agg) throw new NotFoundError(DETAIL_MESSAGES.notFound);
  const row = await findFeedback(db, bookingId);
  return { feedback: row ? toDto(row) : null };
}

/** The stats tab's average rating of the games played in the range. */
export async function feedbackMetrics(db: Db, startDate: string, endDate: string): Promise<FeedbackMetrics> {
  const { average, count } = await ratingsOfGamesIn(db, startDate, endDate);
  return { average: average === null ? null : Math.round(average * 10) / 10, count };
}
