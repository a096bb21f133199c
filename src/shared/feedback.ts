/**
 * The booker's feedback after the game (issue 31, decision 0393): a rating from 1 to 5 and a comment, one per booking,
 * given from the feedback page the feedback request mail links to. The server and the page read these rules.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX = 2000;

export const FEEDBACK_MESSAGES = {
  rating: `Please choose a rating from ${RATING_MIN} to ${RATING_MAX}`,
  commentTooLong: `Please keep the comment under ${FEEDBACK_COMMENT_MAX} characters`,
  notYet: 'You can rate your game once it has been played.',
  closed: 'This booking was cancelled, so there is no game to rate.',
} as const;

/** Whether the booker may rate now: 'open', or why not (shown on the page, and the server's 409). */
export type FeedbackWindow = 'open' | 'not_yet' | 'closed';

/**
 * Feedback opens when the game is over: its booked window (meeting time plus its length) has ended, or the booking is
 * completed (a game ended early). A cancelled booking has no game to rate. Once open it stays open: the booker may
 * change their rating later (the latest one counts).
 */
export function feedbackWindow(b: { end: Date | null; completed: boolean; closed: boolean }, now: Date): FeedbackWindow {
  if (b.closed) return 'closed';
  if (b.completed) return 'open';
  return b.end !== null && b.end.getTime() <= now.getTime() ? 'open' : 'not_yet';
}

/** The average of ratings to one decimal, or null with none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
}
