import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from '../../booking/tables/bookings';
import { challenges } from '../../catalogue/tables/challenges';
import { users } from '../../identity/tables/users';
import { GAME_EVENT_TYPES, INSTANCE_STATUSES, PLAYER_LOCATIONS, PLAYER_ROLES } from '../../../../shared/api/play';
import { CHAT_CHANNELS } from '../../../../shared/api/chat';
import { SUBMISSION_KINDS } from '../../../../shared/api/submissions';
import { SUBMISSION_STATUSES } from '../../../../shared/scoring/challenge-points';
import { oneOfCheck } from '../../../platform/db/one-of-check';
import { LANGUAGE_CODES } from '../../../../shared/i18n/languages';
import type { Translations } from '../../../../shared/i18n/content';
import type { BriefingTranslatedField } from '../../../../shared/game/briefing';

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    activated: boolean('activated').notNull().default(false),
    weaponsOn: boolean('weapons_on').notNull().default(false),
    /** Set once staff or the host place, move or remove a station: the default stations then stop following the area (0335). */
    stationsEdited: boolean('stations_edited').notNull().default(false),
    /** What players read before the start and from the info button; null: the default (shared/game/briefing.ts, 0442). */
    briefing: text('briefing'),
    /** What players read at the end, with where to meet; null: the default. */
    finishMessage: text('finish_message'),
    /** The Chicken's secret join key (the "Chicken link"): 256 random bits, shown to the organiser and staff (0221). */
    chickenKey: text('chicken_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('games_code_idx').on(t.code), uniqueIndex('games_booking_idx').on(t.bookingId)],
);

/**
 * The briefing and finish message in other languages, language → field → text (decision 0630). Beside the game, not on
 * it: every player request loads the game's row, only the briefing reads these, and only for a reader not in English.
 */
export const gameTranslations = pgTable('game_translations', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  translations: jsonb('translations').$type<Translations<BriefingTranslatedField>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The challenges the booker added to the game, in their order. */
export const gameChallenges = pgTable(
  'game_challenges',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.challengeId] })],
);

export type GameArea = { lat: number; lng: number; radius: number };

export const gameInstances = pgTable(
  'game_instances',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** lobby → live → ended (docs/decisions/0220-game-lifecycle.md). */
    status: text('status', { enum: INSTANCE_STATUSES }).notNull().default('lobby'),
    /** When the lobby opened; set to the start when the game goes live. */
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    /** When a live game ends on its own: start + the booked duration (the end ticker's key). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When it ended (by the ticker or by hand). */
    endTime: timestamp('end_time', { withTimezone: true }),
    /**
     * How long it stood ended before a Resume, summed: game time (the script's clock, shared/game/script.ts) is the
     * time since the start without these pauses (decision 0585).
     */
    pausedMs: integer('paused_ms').notNull().default(0),
    latestArea: jsonb('latest_area').$type<GameArea>(),
    /**
     * The ranking the booker's last results mail showed (rank, name, total per team); null until the first one. A
     * later change of the final ranking (an approval after the end, a resume and a second end) mails a correction
     * (decision 0530).
     */
    resultsMailed: jsonb('results_mailed').$type<{ rank: number; name: string; total: number }[]>(),
  },
  (t) => [
    index('game_instances_game_idx').on(t.gameId),
    // One lobby or live instance per game, whatever two joins or starts race.
    uniqueIndex('game_instances_open_idx')
      .on(t.gameId)
      .where(sql`status in ('lobby', 'live')`),
    index('game_instances_live_ends_idx')
      .on(t.endsAt)
      .where(sql`status = 'live'`),
    oneOfCheck('game_instances_status_check', t.status, INSTANCE_STATUSES),
  ],
);

/** A team playing in one live instance, with its scores. */
export const instanceTeams = pgTable(
  'instance_teams',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** nameKey(name) (shared/game/teams.ts), written with the name: two teams of a game never share it. */
    nameKey: text('name_key').notNull(),
    points: integer('points').notNull().default(0),
    chickenPoints: integer('chicken_points').notNull().default(0),
    foundChickenAt: timestamp('found_chicken_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instance_teams_instance_idx').on(t.instanceId), uniqueIndex('instance_teams_name_key_idx').on(t.instanceId, t.nameKey)],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => instanceTeams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ready: boolean('ready').notNull().default(false),
    /** SHA-256 of the player's secret token (X-Player-Token); the token itself is never stored (0221). */
    tokenHash: text('token_hash'),
    role: text('role', { enum: PLAYER_ROLES }).notNull().default('player'),
    /** What the player answered to the location request. */
    location: text('location', { enum: PLAYER_LOCATIONS }).notNull().default('unknown'),
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastAt: timestamp('last_at', { withTimezone: true }),
    /** The language the player picked when joining (decision 0591): their phone, feed and results speak it. */
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('players_instance_idx').on(t.instanceId),
    uniqueIndex('players_token_idx').on(t.tokenHash),
    uniqueIndex('players_name_idx').on(t.instanceId, sql`lower(${t.name})`),
    uniqueIndex('players_chicken_idx')
      .on(t.instanceId)
      .where(sql`role = 'chicken'`),
    oneOfCheck('players_role_check', t.role, PLAYER_ROLES),
    oneOfCheck('players_location_check', t.location, PLAYER_LOCATIONS),
    oneOfCheck('players_language_check', t.language, LANGUAGE_CODES),
  ],
);

/** Every accepted position fix: the trail. Written once per fix, never updated. */
export const playerPositions = pgTable(
  'player_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: real('accuracy'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_positions_player_idx').on(t.playerId, t.id)],
);

/**
 * The game's stored events (every kind but positions), in order: a stream that reconnects with Last-Event-ID
 * replays what it missed from here (docs/decisions/0224-realtime.md).
 */
export const gameEvents = pgTable(
  'game_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    type: text('type', { enum: GAME_EVENT_TYPES }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_events_game_idx').on(t.gameId, t.id), oneOfCheck('game_events_type_check', t.type, GAME_EVENT_TYPES)],
);

/**
 * The game's messages (decision 0580): the host's broadcasts to every player (channel 'all'), a team's own channel
 * ('team', team_id), a team's channel with the host ('host', team_id) and the Chicken's channel with the host ('host',
 * chicken_id). Written by a player (sender_player_id) or by the host or staff (author_id).
 */
export const gameMessages = pgTable(
  'game_messages',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CHAT_CHANNELS }).notNull().default('all'),
    teamId: integer('team_id').references(() => instanceTeams.id, { onDelete: 'cascade' }),
    /** The Chicken whose channel with the host this is. */
    chickenId: integer('chicken_id').references(() => players.id, { onDelete: 'cascade' }),
    senderPlayerId: integer('sender_player_id').references(() => players.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it was written: its made_at when a phone kept it offline, else when it arrived. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_messages_instance_idx').on(t.instanceId, t.id),
    oneOfCheck('game_messages_channel_check', t.channel, CHAT_CHANNELS),
    // Each channel names exactly its audience: a broadcast none, a team channel its team, a host channel one team or the Chicken.
    check(
      'game_messages_audience_check',
      sql`(${t.channel} = 'all' and ${t.teamId} is null and ${t.chickenId} is null) or (${t.channel} = 'team' and ${t.teamId} is not null and ${t.chickenId} is null) or (${t.channel} = 'host' and (${t.teamId} is null) <> (${t.chickenId} is null))`,
    ),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => instanceTeams.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'set null' }),
    /** The player who sent it (null for answers from before issue 41 and check-ins): whose photo consent its media follows. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: SUBMISSION_KINDS }).notNull().default('photo'),
    textAnswer: text('text_answer'),
    /** The number of items a Tally submission claims. */
    count: integer('count'),
    /** Where the answer's photo or video is stored (platform/storage); never a path from a request. Its kind is `kind`. */
    mediaKey: text('media_key'),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('pending'),
    rating: integer('rating'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** Made while the game script doubled its challenge's points (decision 0585): its share counts twice. */
    doubled: boolean('doubled').notNull().default(false),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why it was rejected. */
    reason: text('reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_instance_idx').on(t.instanceId, t.submittedAt),
    index('submissions_team_challenge_idx').on(t.teamId, t.challengeId),
    index('submissions_status_idx').on(t.status, t.submittedAt),
    oneOfCheck('submissions_kind_check', t.kind, SUBMISSION_KINDS),
    // A check-in scores once per team, whatever positions race (decision 0440).
    uniqueIndex('submissions_check_in_idx')
      .on(t.teamId, t.challengeId)
      .where(sql`kind = 'check_in'`),
    oneOfCheck('submissions_status_check', t.status, SUBMISSION_STATUSES),
  ],
);
