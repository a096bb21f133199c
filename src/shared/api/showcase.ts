import { z } from 'zod';
import { idSchema } from './common';
import { gameAreaSchema, gameMessageSchema, mapPlayerSchema, mapTeamSchema, pointSchema, publicGameSchema } from './play';
import { leaderboardTeamSchema } from './scoring';
import { SUBMISSION_KINDS } from './submissions';
import { MEDIA_KINDS } from '../media';

/**
 * The game shown beyond the players' own phones (issue 29; decisions 0450-0453): the activity feed of approved
 * answers on every phone, the big screen behind a private link, and the recap the organiser may publish after the game.
 */

export const SHOWCASE_MESSAGES = {
  screenNotFound: 'This big-screen link is not valid. Ask the organiser for the current one.',
  recapNotFound: 'This recap is not published.',
  feedItemNotFound: 'This answer is not in the feed',
  mediaNotFound: 'This photo or video is not available',
  recapNotEnded: 'The recap can be published once the game has ended',
} as const;

/** One approved answer in the feed, newest first. `media_url` is same-origin, each audience's own route, or null. */
export const feedItemSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  challenge_name: z.string().nullable(),
  kind: z.enum(SUBMISSION_KINDS),
  text: z.string().nullable(),
  count: z.number().int().nullable(),
  media_url: z.string().nullable(),
  /** A photo or a video, by the submission's kind (never by the file's name); null without media. */
  media_kind: z.enum(MEDIA_KINDS).nullable(),
  points_awarded: z.number().int(),
  /** When it was approved (or sent, if that is unknown). */
  at: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const feedResponse = z.object({ items: z.array(feedItemSchema) });
export type FeedResponse = z.infer<typeof feedResponse>;

/**
 * The `feed` stream event, to every viewer of the game: an answer approved (`show`, its item without a media URL,
 * which each screen makes for its own route) or taken out of the feed (`hide`: hidden by staff or the host, or no
 * longer approved).
 */
export const feedEventData = z.discriminatedUnion('action', [
  z.object({ action: z.literal('show'), item: feedItemSchema }),
  z.object({ action: z.literal('hide'), id: z.number().int() }),
]);
export type FeedEventData = z.infer<typeof feedEventData>;

export const feedItemParams = z.object({ code: z.string().trim().min(1).max(64), id: idSchema });
export const hideFeedBody = z.object({}).strict();
export const hideFeedResponse = z.object({ hidden: z.literal(true) });

// ---- The big screen ----

/** The private link of a game's big screen (staff and the organiser get and regenerate it). */
export const screenLinkResponse = z.object({ url: z.string() });
export const regenerateScreenBody = z.object({}).strict();

export const screenTokenParams = z.object({ token: z.string().trim().min(1).max(128) });
export const screenMediaParams = z.object({ token: z.string().trim().min(1).max(128), id: idSchema });

/** What the projector shows: the game, the one leaderboard, the teams' players (never the Chicken), the feed, the host's messages. */
export const screenResponse = z.object({
  game: publicGameSchema,
  teams: z.array(mapTeamSchema),
  players: z.array(mapPlayerSchema),
  messages: z.array(gameMessageSchema),
  feed: z.array(feedItemSchema),
  last_event_id: z.string(),
});
export type ScreenResponse = z.infer<typeof screenResponse>;

// ---- The recap ----

export const recapBody = z.object({ published: z.boolean() });
export const recapLinkResponse = z.object({ url: z.string() });
export const recapStateResponse = z.object({ published: z.boolean(), url: z.string() });
export type RecapState = z.infer<typeof recapStateResponse>;

export const recapTokenParams = screenTokenParams;
export const recapMediaParams = screenMediaParams;

/** One player's path over the game (the Chicken's too): thinned fixes, oldest first. */
export const recapTrackSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  role: z.enum(['player', 'chicken']),
  team_id: z.number().int().nullable(),
  points: z.array(pointSchema),
});
export type RecapTrack = z.infer<typeof recapTrackSchema>;

/** A question about the Chicken on the replay's timeline: who asked, where and when, and what it answered (0585). */
export const recapQuestionSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  kind: z.string(),
  answer: z.string(),
  summary: z.string(),
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
});
export type RecapQuestion = z.infer<typeof recapQuestionSchema>;

export const recapResponse = z.object({
  game: z.object({
    code: z.string(),
    city: z.string(),
    area: gameAreaSchema,
    started_at: z.string(),
    ended_at: z.string().nullable(),
    /** When the retention job deletes the game's photos and videos (issue 41): its end plus the media days. */
    media_kept_until: z.string().nullable(),
  }),
  teams: z.array(leaderboardTeamSchema),
  /** Approved answers not hidden, oldest first: photos and videos full size, text answers, counts. */
  album: z.array(feedItemSchema),
  tracks: z.array(recapTrackSchema),
  questions: z.array(recapQuestionSchema),
});
export type RecapResponse = z.infer<typeof recapResponse>;

export const mediaResponse = z.string().describe('The photo or video itself, with its content type');
export const mediaZipResponse = z.string().describe('application/zip: every photo and video of the game, streamed');
