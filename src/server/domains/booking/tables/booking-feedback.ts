import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

/**
 * The booker's feedback after the game (issue 31, decision 0393): one row per booking (the booking is the key), a 1–5
 * rating and a comment. The booker may give it again: the row is overwritten and updated_at moves.
 */
export const bookingFeedback = pgTable(
  'booking_feedback',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('booking_feedback_rating_check', sql`${t.rating} between 1 and 5`), check('booking_feedback_comment_check', sql`length(${t.comment}) <= 2000`)],
);
