import { z } from 'zod';
import { teamScoreSchema } from './scoring';

/** Hints in play (issue 40, decision 0581): what a team sees of each challenge's hints, taking one, the host's list. */
export const teamHintSchema = z.object({
  challenge_id: z.number().int(),
  /** The hint's place in its challenge's list (0, 1, 2). */
  index: z.number().int(),
  /** Shown to every team this many minutes into the game; null: never by time. */
  after_minutes: z.number().int().nullable(),
  /** The points a request costs; null: not on request. */
  cost: z.number().int().nullable(),
  /** Shown to this team: by time, or taken. */
  shown: z.boolean(),
  /** The team asked for it (and paid `cost` then). */
  taken: z.boolean(),
  /** The hint itself, once shown; null before. */
  text: z.string().nullable(),
});
export type TeamHint = z.infer<typeof teamHintSchema>;
export const teamHintsResponse = z.object({ hints: z.array(teamHintSchema) });

const id = z.number().int().positive().max(2_147_483_647);
export const takeHintBody = z.object({ challenge_id: id, index: z.number().int().min(0).max(2) });
/** `charged`: what this request cost (0 for a hint already taken or already shown by time). */
export const takeHintResponse = z.object({ hint: teamHintSchema, charged: z.number().int(), team: teamScoreSchema });

export const hostHintSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  challenge_id: z.number().int(),
  challenge_name: z.string(),
  index: z.number().int(),
  cost: z.number().int(),
  player_name: z.string().nullable(),
  taken_at: z.string(),
});
export type HostHint = z.infer<typeof hostHintSchema>;
export const hostHintsResponse = z.object({ taken: z.array(hostHintSchema) });
