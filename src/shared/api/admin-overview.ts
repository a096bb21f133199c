import { z } from 'zod';
import { paginationSchema } from './common';

/** The overview lists of the admin areas the spec names without showing: games, teams, submissions (payments: admin-payments.ts). */
export const overviewQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
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
  live_instances: z.number().int(),
  created_at: z.string(),
});
export const gamesResponse = z.object({ games: z.array(gameOverviewSchema), pagination: paginationSchema });

export const teamOverviewSchema = z.object({
  id: z.number().int(),
  ...bookingRef,
  name: z.string(),
  players: z.string(),
  created_at: z.string(),
});
export const teamsResponse = z.object({ teams: z.array(teamOverviewSchema), pagination: paginationSchema });
