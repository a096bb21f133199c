import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGES, RATING_MAX, RATING_MIN } from '../feedback';

/** The booker's feedback after the game (issue 31, decision 0393). */
export const feedbackBody = z.object({
  rating: z
    .number({ error: FEEDBACK_MESSAGES.rating })
    .int(FEEDBACK_MESSAGES.rating)
    .min(RATING_MIN, FEEDBACK_MESSAGES.rating)
    .max(RATING_MAX, FEEDBACK_MESSAGES.rating),
  comment: z.string({ error: FEEDBACK_MESSAGES.commentTooLong }).max(FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGES.commentTooLong).default(''),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackSchema = z.object({ rating: z.number().int(), comment: z.string(), created_at: z.string(), updated_at: z.string() });
export type Feedback = z.infer<typeof feedbackSchema>;

/** The feedback page: the booker's feedback so far, whether they may rate now (and why not), and which game it is. */
export const bookerFeedbackResponse = z.object({
  feedback: feedbackSchema.nullable(),
  window: z.enum(['open', 'not_yet', 'closed']),
  game: z.object({ city: z.string(), date: z.string(), code: z.string() }),
});
export type BookerFeedbackResponse = z.infer<typeof bookerFeedbackResponse>;
export const feedbackResponse = z.object({ feedback: feedbackSchema });
/** Staff's view on the booking detail page. */
export const adminFeedbackResponse = z.object({ feedback: feedbackSchema.nullable() });
/** The stats tab: the average rating of the games played in the range, and how many ratings it is of. */
export const feedbackMetricsResponse = z.object({ average: z.number().nullable(), count: z.number().int() });
export type FeedbackMetrics = z.infer<typeof feedbackMetricsResponse>;
