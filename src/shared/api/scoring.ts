import { z } from 'zod';
import { idSchema } from './common';

/** /admin/scoring: the leaderboard of a game instance and manual adjustments (decision 0240). */
export const ADJUSTMENT_LIMIT = 10_000;
export const ADJUSTMENT_MESSAGES = {
  reasonRequired: 'Please enter a reason',
  pointsRequired: 'Enter the points to add (or a negative number to take away)',
  notZero: 'An adjustment of 0 points changes nothing',
  teamNotFound: 'Team not found',
  instanceNotFound: 'Game not found',
} as const;

export const scoringInstanceSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  game_code: z.string(),
  booking_name: z.string().nullable(),
  status: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  teams_count: z.number().int(),
});
export type ScoringInstance = z.infer<typeof scoringInstanceSchema>;
export const scoringInstancesResponse = z.object({ instances: z.array(scoringInstanceSchema) });

export const adjustmentSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  points: z.number().int(),
  reason: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/**
 * What every payload that carries a team's score carries (the players' map and `teams` events, the host console, the
 * heartbeat, the results): the inputs of the one leaderboard rule (shared/scoring/leaderboard.ts, decision 0240), so
 * every screen totals and ranks with `rankTeams` and none with a part of the score.
 */
export const teamScoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  challenge_points: z.number().int(),
  chicken_points: z.number().int(),
  adjustments: z.number().int(),
  found_chicken_at: z.string().nullable(),
  /** Points spent on hints (decision 0581); the total subtracts them. */
  spent: z.number().int().optional(),
});

/** A team as the server ranked it: its score, total and rank (ties share a rank). */
export const leaderboardTeamSchema = teamScoreSchema.extend({
  rank: z.number().int(),
  total: z.number().int(),
});
export type LeaderboardTeam = z.infer<typeof leaderboardTeamSchema>;

export const leaderboardResponse = z.object({
  instance: scoringInstanceSchema,
  /** True once the instance ended: the order is then the final result. */
  final: z.boolean(),
  teams: z.array(leaderboardTeamSchema),
  adjustments: z.array(adjustmentSchema),
});
export type Leaderboard = z.infer<typeof leaderboardResponse>;

export const teamIdParam = z.object({ teamId: idSchema });

export const adjustmentBody = z.object({
  points: z
    .number({ error: ADJUSTMENT_MESSAGES.pointsRequired })
    .int(ADJUSTMENT_MESSAGES.pointsRequired)
    .min(-ADJUSTMENT_LIMIT)
    .max(ADJUSTMENT_LIMIT)
    .refine((n) => n !== 0, ADJUSTMENT_MESSAGES.notZero),
  reason: z.string().trim().min(1, ADJUSTMENT_MESSAGES.reasonRequired).max(500),
});
export type AdjustmentInput = z.input<typeof adjustmentBody>;

export const adjustmentResponse = z.object({ adjustment: adjustmentSchema, team: leaderboardTeamSchema.pick({ id: true, name: true, total: true }) });
