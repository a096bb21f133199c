import { z } from 'zod';
import { MEDIA_KINDS } from '../media';
import { hintSchema } from '../game/hints';
import { translationsResponse } from '../i18n/content-schema';
import { CHALLENGE_TYPES, SPICE_LEVELS, challengeInputSchema } from '../validation/challenge-rules';

export const challengeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(CHALLENGE_TYPES),
  spice_level: z.enum(SPICE_LEVELS),
  is_active: z.boolean(),
  max_score: z.number().int(),
  max_submissions: z.number().int(),
  points_per_submission: z.number().int(),
  region_code: z.string().nullable(),
  is_default: z.boolean(),
  location: z.object({ lat: z.number(), lng: z.number(), radius_m: z.number().int() }).nullable(),
  hidden_until_near: z.boolean(),
  check_in: z.boolean(),
  accepted_answers: z.array(z.string()),
  answer_media: z.enum(MEDIA_KINDS),
  live_capture: z.boolean(),
  hints: z.array(hintSchema),
  /** The title and description in other languages (decision 0630): only what is translated. */
  translations: translationsResponse({ name: z.string(), description: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** GET /api/admin/challenges?spice_level=Mild|Medium|Spicy (absent: all). */
export const challengesQuery = z.object({
  spice_level: z.enum(SPICE_LEVELS, { message: 'The spice level must be one of Mild, Medium or Spicy.' }).optional(),
});

/** POST and PUT /api/admin/challenges: the shared form schema. */
export const challengeBody = challengeInputSchema;

export const challengeListResponse = z.object({ data: z.array(challengeSchema) });
export const challengeResponse = z.object({ data: challengeSchema });
