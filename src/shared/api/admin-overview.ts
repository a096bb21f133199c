import { z } from 'zod';
import { paginationSchema } from './common';
import { filterText } from '../validation/text-rules';
import { GAME_STATUSES, INSTANCE_STATUSES } from './play';

/** The overview lists of the admin areas the spec names without showing: games, teams, submissions (payments: admin-payments.ts). */
export const overviewQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Games and teams: a game code, team name, booking name or email (part of it). */
  search: filterText(100),
  /** Games and teams: the status of the game's latest instance ('not_started': none yet; games only). */
  status: z.enum(GAME_STATUSES).optional(),
});

const bookingRef = { booking_id: z.number().int(), booking_name: z.string().nullable(), booking_email: z.string() };

export const gameOverviewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  ...bookingRef,
  city: z.string(),
  date: z.string(),
  players: z.number().int(),
  activated: z.boolean(),
  weapons_on: z.boolean(),
  /** The status of the game's latest instance; not_started before the first join or start. */
  status: z.enum(GAME_STATUSES),
  /** Players and teams of the latest instance. */
  players_count: z.number().int(),
  teams_count: z.number().int(),
  started_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export const gamesResponse = z.object({ games: z.array(gameOverviewSchema), pagination: paginationSchema });

/**
 * A team of a game instance (lobby, live or ended), with its total and rank in its game by the one rule
 * (shared/scoring/leaderboard.ts, decision 0240) and the parts of the total.
 */
export const teamOverviewSchema = z.object({
  id: z.number().int(),
  ...bookingRef,
  name: z.string(),
  game_code: z.string(),
  status: z.enum(INSTANCE_STATUSES),
  rank: z.number().int(),
  total: z.number().int(),
  challenge_points: z.number().int(),
  chicken_points: z.number().int(),
  adjustments: z.number().int(),
  players_count: z.number().int(),
  found_chicken_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;
export const teamsResponse = z.object({ teams: z.array(teamOverviewSchema), pagination: paginationSchema });
