import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { challenges } from './challenges';
import { users } from './users';

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
    hostId: integer('host_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('games_code_idx').on(t.code), uniqueIndex('games_booking_idx').on(t.bookingId)],
);

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
    status: text('status').notNull().default('live'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    latestArea: jsonb('latest_area').$type<GameArea>(),
  },
  (t) => [index('game_instances_game_idx').on(t.gameId)],
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
    points: integer('points').notNull().default(0),
    chickenPoints: integer('chicken_points').notNull().default(0),
    foundChickenAt: timestamp('found_chicken_at', { withTimezone: true }),
  },
  (t) => [index('instance_teams_instance_idx').on(t.instanceId)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('players_instance_idx').on(t.instanceId)],
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
    /** photo | text | count (shared/api/submissions.ts). */
    kind: text('kind').notNull().default('photo'),
    textAnswer: text('text_answer'),
    /** The number of items a Tally submission claims. */
    count: integer('count'),
    /** Where the photo is stored (lib/storage); never a path from a request. */
    photoKey: text('photo_key'),
    status: text('status').notNull().default('pending'),
    rating: integer('rating'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
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
  ],
);
