import { z } from 'zod';
import { LANGUAGE_CODES } from '../i18n/languages';
import { GAME_MESSAGES, MESSAGE_MAX, PLAYER_NAME_MAX, TEAM_NAME_MAX } from '../game/teams';
import { teamScoreSchema } from './scoring';
import { madeAtSchema } from '../game/made-at';
import { chatMessageSchema } from './chat';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';

/**
 * The live game as players see it (issue 13; /work contract "the live game", decisions 0220–0229).
 * Player calls carry PLAYER_TOKEN_HEADER; the stream is Server-Sent Events read with fetch.
 */

export { PLAYER_TOKEN_HEADER } from './player-token';
/** SSE event types on every game stream; `found` and `items` are the hunt's (shared/api/hunt.ts); `submission` goes to the submitting team only (issue 14); `feed` to everyone (shared/api/showcase.ts). */
export const GAME_EVENT_TYPES = ['state', 'teams', 'player', 'position', 'message', 'found', 'items', 'submission', 'feed', 'challenges', 'question'] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];

export const GAME_STATUSES = ['not_started', 'lobby', 'live', 'ended'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const INSTANCE_STATUSES = ['lobby', 'live', 'ended'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const PLAYER_ROLES = ['player', 'chicken'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];
export const PLAYER_LOCATIONS = ['unknown', 'granted', 'denied'] as const;
export type PlayerLocation = (typeof PLAYER_LOCATIONS)[number];

export const playCodeParams = z.object({ code: z.string().trim().min(1).max(64) });

export const gameAreaSchema = z.object({ lat: z.number(), lng: z.number(), radius: z.number() });

/** The public projection of a game: no hiding spot, contact or prices. */
export const publicGameSchema = z.object({
  code: z.string(),
  status: z.enum(GAME_STATUSES),
  /** ISO time the booking starts (its date and meeting time in its time zone), or when the game went live. */
  starts_at: z.string().nullable(),
  /** ISO time the live game ends (start + duration); null until live. */
  ends_at: z.string().nullable(),
  /** Booked duration in minutes. */
  duration: z.number().int(),
  area: gameAreaSchema,
  weapons_on: z.boolean(),
  plan_type: z.string(),
  city: z.string(),
});
export type PublicGame = z.infer<typeof publicGameSchema>;

export const lobbyTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  players: z.number().int(),
  capacity: z.number().int(),
  full: z.boolean(),
});
export type LobbyTeam = z.infer<typeof lobbyTeamSchema>;

export const playGameResponse = z.object({
  game: publicGameSchema,
  teams: z.array(lobbyTeamSchema),
  players_count: z.number().int(),
  booked_players: z.number().int(),
  /** The lobby's facts (decision 0230): where everyone meets (as public as the join page) and the game's time zone. */
  meeting_point: z.string().nullable(),
  meeting_point_notes: z.string().nullable(),
  timezone: z.string(),
});
export type PlayGameResponse = z.infer<typeof playGameResponse>;

export const playerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(PLAYER_ROLES),
  team_id: z.number().int().nullable(),
  ready: z.boolean(),
  location: z.enum(PLAYER_LOCATIONS),
  /** The language the player picked (api-contract, "Languages"): their phone, feed and results speak it. */
  language: z.enum(LANGUAGE_CODES),
});
export type Player = z.infer<typeof playerSchema>;

const playerName = z
  .string({ message: GAME_MESSAGES.nameRequired })
  .trim()
  .min(1, GAME_MESSAGES.nameRequired)
  .max(PLAYER_NAME_MAX, GAME_MESSAGES.nameTooLong)
  .refine(isOneLine, ONE_LINE_MESSAGE);
export const teamName = z
  .string({ message: GAME_MESSAGES.teamNameRequired })
  .trim()
  .min(1, GAME_MESSAGES.teamNameRequired)
  .max(TEAM_NAME_MAX, GAME_MESSAGES.teamNameTooLong)
  .refine(isOneLine, ONE_LINE_MESSAGE);
const id = z.number().int().positive().max(2_147_483_647);

export const joinBody = z.object({
  name: playerName,
  team_id: id.optional(),
  team_name: teamName.optional(),
  chicken_key: z.string().trim().min(1).max(200).optional(),
  /** While a player waiver is published, the version the player accepted (issue 41); absent otherwise. */
  waiver_version: id.optional(),
  /** Whether photos and videos of the player may be shown on the shared screens; absent counts as no (decision 0570). */
  photo_consent: z.boolean().optional(),
  /** The player's language (preset from the phone); without it, the request's (Accept-Language). */
  language: z.enum(LANGUAGE_CODES, { message: 'Please choose a language' }).optional(),
});
export type JoinBody = z.infer<typeof joinBody>;
export const joinResponse = z.object({ token: z.string(), player: playerSchema });

export const meTeamSchema = teamScoreSchema;
export const meResponse = z.object({ player: playerSchema, game: publicGameSchema, team: meTeamSchema.nullable() });
export type MeResponse = z.infer<typeof meResponse>;

export const updateMeBody = z.object({
  ready: z.boolean().optional(),
  location: z.enum(['granted', 'denied']).optional(),
  /** The phone's language switcher: the player's language from now on. */
  language: z.enum(LANGUAGE_CODES, { message: 'Please choose a language' }).optional(),
});
export const playerResponse = z.object({ player: playerSchema });

/** Pick an existing team by id, or create one by name (lobby only). */
export const changeTeamBody = z.union([z.object({ team_id: id }).strict(), z.object({ team_name: teamName }).strict()]);
export const changeTeamResponse = z.object({ player: playerSchema, teams: z.array(lobbyTeamSchema) });

export const positionBody = z.object({
  // Loose number checks here so that "outside the globe" answers with the game's own message (422).
  lat: z.number({ message: GAME_MESSAGES.outsideWorld }),
  lng: z.number({ message: GAME_MESSAGES.outsideWorld }),
  accuracy: z.number().min(0).max(100_000).optional(),
  /** When the phone took the fix, if it is sent later (kept offline, issue 29; shared/game/made-at.ts). */
  made_at: madeAtSchema.optional(),
});
export type PositionBody = z.infer<typeof positionBody>;

export const pointSchema = z.object({ lat: z.number(), lng: z.number(), at: z.string() });
export type Point = z.infer<typeof pointSchema>;

/** A team on the live screens: its score, ranked on every screen by the one rule (shared/scoring/leaderboard.ts). */
export const mapTeamSchema = teamScoreSchema;
export type MapTeam = z.infer<typeof mapTeamSchema>;

export const mapPlayerSchema = playerSchema.extend({
  position: pointSchema.nullable(),
  /** The last fixes, oldest first (TRAIL_LENGTH at most). */
  trail: z.array(pointSchema),
});
export type MapPlayer = z.infer<typeof mapPlayerSchema>;

/** A message of the game (decision 0580): the snapshots list the host's broadcasts; the `message` event carries every kind. */
export const gameMessageSchema = chatMessageSchema;
export type GameMessage = z.infer<typeof gameMessageSchema>;

export const mapResponse = z.object({
  game: publicGameSchema,
  teams: z.array(mapTeamSchema),
  players: z.array(mapPlayerSchema),
  messages: z.array(gameMessageSchema),
  /** The id of the last stored event: send it as Last-Event-ID to continue from this snapshot. */
  last_event_id: z.string(),
});
export type MapResponse = z.infer<typeof mapResponse>;

/** The data of each stream event type. */
export const stateEventData = z.object({ game: publicGameSchema });
/** A team with its seats: the `teams` event and the host console. */
export const seatedTeamSchema = mapTeamSchema.extend({ players: z.number().int(), capacity: z.number().int(), full: z.boolean() });
export type SeatedTeam = z.infer<typeof seatedTeamSchema>;
export const teamsEventData = z.object({ teams: z.array(seatedTeamSchema) });
export const playerEventData = z.object({ player: playerSchema });
export const positionEventData = z.object({
  player_id: z.number().int(),
  team_id: z.number().int().nullable(),
  role: z.enum(PLAYER_ROLES),
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
});
export type PositionEventData = z.infer<typeof positionEventData>;
export const messageEventData = gameMessageSchema;

export const messageBody = z.object({
  text: z.string({ message: GAME_MESSAGES.messageRequired }).trim().min(1, GAME_MESSAGES.messageRequired).max(MESSAGE_MAX, GAME_MESSAGES.messageTooLong),
});
export const messageResponse = z.object({ message: gameMessageSchema });

/** A call that answers 204 with no body. */
export const noContentResponse = z.null();

/** Any stream answers text/event-stream; the descriptor's response documents the event envelope. */
export const streamResponse = z.string();
