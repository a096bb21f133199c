import { z } from 'zod';

/** A staff user's private calendar feed of their games (issue 31, decision 0394). */

/** Where a feed is read: the secret is the whole proof, so the path carries nothing else. */
export const calendarFeedPath = (token: string) => `/api/calendar-feeds/${encodeURIComponent(token)}/hatch.ics`;

/** The feed as its owner sees it: since when it is on; `url` only in the answer that made it (only a hash is kept). */
export const calendarFeedSchema = z.object({ created_at: z.string(), url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedStateResponse = z.object({ feed: calendarFeedSchema.nullable() });
export const calendarFeedResponse = z.object({ feed: calendarFeedSchema });
export const calendarFeedRevokedResponse = z.object({ ok: z.literal(true) });
export const calendarFeedTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Calendar feed not found') });
/** The schema only documents the text/calendar body. */
export const calendarFeedIcsResponse = z.string().describe('text/calendar (RFC 5545): one VEVENT per game of the feed owner, METHOD:PUBLISH');
